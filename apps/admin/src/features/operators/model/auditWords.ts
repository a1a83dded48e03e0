import type { TFunction } from 'i18next';
import { auditActions, auditAreaOf, auditAreas, auditTargets, isAuditAction, isAuditTarget } from '@lucky28/shared/audit';
import { translate, type ApiLang } from '@lucky28/shared/messages';

/**
 * The audit trail in the operator's words, from the shared message catalogue (`audit.action.<action>`,
 * `audit.area.<area>`, `audit.target.<target>` in packages/shared/src/messages): the words the server
 * also writes into the audit log's CSV export, translated once. `npm run i18n:check` holds every key of
 * the shared list (packages/shared/src/audit.ts) to that catalogue. A row of an action the list no
 * longer has (written before a rename) shows its key rather than nothing.
 */
export const actionWords = (lang: ApiLang, action: string) => (isAuditAction(action) ? translate(lang, `audit.action.${action}`) : action);

const areaWords = (lang: ApiLang, area: string) => translate(lang, `audit.area.${area}`);

export const targetWords = (lang: ApiLang, type: string, id: string) => {
  if (!type) return '';
  const name = isAuditTarget(type) ? translate(lang, `audit.target.${type}`) : type;
  return id ? `${name} #${id}` : name;
};

/** The action filter's choices: per area, all of its actions (the server matches a prefix) and each one. */
export const actionChoices = (t: TFunction, lang: ApiLang) =>
  auditAreas.map((area) => ({
    label: areaWords(lang, area),
    options: [
      { value: `${area}.`, label: t('audit.allActions', { area: areaWords(lang, area) }) },
      ...auditActions.filter((a) => auditAreaOf(a) === area).map((a) => ({ value: a, label: actionWords(lang, a) })),
    ],
  }));

export const targetChoices = (lang: ApiLang) => auditTargets.map((type) => ({ value: type, label: translate(lang, `audit.target.${type}`) }));
