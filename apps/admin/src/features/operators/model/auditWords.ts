import type { TFunction } from 'i18next';
import { auditActions, auditAreaOf, auditAreas, auditTargets, isAuditAction, isAuditTarget } from '@lucky28/shared/audit';

/**
 * The audit trail in the operator's words, from the shared list (packages/shared/src/audit.ts) whose
 * every key `npm run i18n:check` holds to the catalogues. A row of an action the list no longer has
 * (written before a rename) shows its key rather than nothing.
 */
export const actionWords = (t: TFunction, action: string) => (isAuditAction(action) ? t(`auditAction.${action}`) : action);

export const targetWords = (t: TFunction, type: string, id: string) => {
  if (!type) return '';
  const name = isAuditTarget(type) ? t(`auditTarget.${type}`) : type;
  return id ? `${name} #${id}` : name;
};

/** The action filter's choices: per area, all of its actions (the server matches a prefix) and each one. */
export const actionChoices = (t: TFunction) =>
  auditAreas.map((area) => ({
    label: t(`auditArea.${area}`),
    options: [
      { value: `${area}.`, label: t('audit.allActions', { area: t(`auditArea.${area}`) }) },
      ...auditActions.filter((a) => auditAreaOf(a) === area).map((a) => ({ value: a, label: t(`auditAction.${a}`) })),
    ],
  }));

export const targetChoices = (t: TFunction) => auditTargets.map((type) => ({ value: type, label: t(`auditTarget.${type}`) }));
