import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

type Path = (string | number)[];

/**
 * The paths of the fields a change touched (antd gives the changed values as nested objects; a field of
 * a list, such as a campaign's day 3, as an array holding only that item). An array is both a value (a
 * field holding a list) and the items of a list of fields, so both paths are given.
 */
function changedPaths(changed: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(changed)) {
    return [prefix, ...changed.flatMap((v, i) => (v === undefined ? [] : changedPaths(v, [...prefix, i])))];
  }
  if (changed === null || typeof changed !== 'object' || Object.getPrototypeOf(changed) !== Object.prototype) return [prefix];
  return Object.entries(changed as Record<string, unknown>).flatMap(([k, v]) => changedPaths(v, [...prefix, k]));
}

/**
 * A form's onValuesChange that clears the error shown under a field as soon as the operator edits it:
 * an error the server gave (set with setFields) would otherwise stay under a field without rules,
 * describing a value that is no longer there. A field with rules is checked again by antd as usual.
 */
export const clearEditedErrors = (form: FormInstance) => (changed: unknown) => {
  const stale = changedPaths(changed).filter((name) => form.getFieldError(name).length > 0);
  if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })));
};

/** A close that did not come from a button: Esc, or a click beside the dialog. */
function isAccidental(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const { type, target } = e as { type?: string; target?: { className?: unknown } };
  if (type === 'keydown') return true;
  const cls = typeof target?.className === 'string' ? target.className : '';
  return /\bant-(modal-wrap|drawer-mask|modal-mask)\b/.test(cls);
}

/**
 * The close of a dialog or drawer holding a form: after an edit, Esc (or a click beside it) asks
 * before what was typed is thrown away; the dialog's own Cancel / × buttons close at once.
 */
export function useDiscardGuard() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (edited: () => boolean, close: () => void) => (e?: unknown) => {
    if (!isAccidental(e) || !edited()) return close();
    modal.confirm({
      title: t('consoleForms.discardTitle'),
      content: t('consoleForms.discardBody'),
      okText: t('consoleForms.discard'),
      okButtonProps: { danger: true },
      cancelText: t('consoleForms.keepEditing'),
      onOk: close,
    });
  };
}
