/**
 * Where the campaign editor shows a refusal: under the field it is about. The server names the top
 * field of its input (`title`, `terms`, `starts_at`…); the form's fields are finer (`title.vi`,
 * `terms.check_in.rewards.3`), so a refusal is put under each of those the same check finds wrong
 * here, or the first of them when none is (the server knows something the console does not).
 */
import type { FormRule } from 'antd';
import type { CampaignKind } from '@lucky28/shared/schemas';
import { checkTerms, type FieldName, type TermsValues } from './termsForm';

export const CAMPAIGN_LANGS = ['zh', 'tw', 'en', 'vi'] as const;
/** The longest title and plain-words terms the schema takes (packages/shared schemas/rewards.ts). */
const TEXT_MAX = { title: 60, terms_text: 1000 } as const;
/** Fields the form holds under the server's own name. */
const OWN_FIELDS = ['kind', 'banner', 'starts_at', 'ends_at', 'enabled'];

export interface EditedCampaign {
  kind: CampaignKind;
  title?: Partial<Record<string, string>>;
  terms_text?: Partial<Record<string, string>>;
  terms: TermsValues;
}

const sameName = (a: FieldName, b: FieldName) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/** The first field of a kind's terms. */
const firstTermsField = (kind: CampaignKind): FieldName =>
  kind === 'rakeback'
    ? ['terms', 'rakeback', 'tiers', 0, 'rate']
    : kind === 'first_deposit'
      ? ['terms', 'first_deposit', 'percent']
      : ['terms', 'check_in', 'rewards', 0];

/** The tier paying the most (its rate field carries a refusal of the top tier with the referral). */
export function topTierIndex(terms: TermsValues): number {
  const rates = (terms.rakeback?.tiers ?? []).map((t) => Number(t.rate) || 0);
  return rates.length === 0 ? 0 : rates.indexOf(Math.max(...rates));
}

/**
 * The form fields a refusal naming `field` goes under; none for a field the form does not show (the
 * campaign's id: it is gone), which the editor says in a message instead.
 */
export function refusedFields(field: string | undefined, v: EditedCampaign): FieldName[] {
  if (!field) return [];
  if (OWN_FIELDS.includes(field)) return [[field]];
  if (field === 'title' || field === 'terms_text') {
    const wrong = CAMPAIGN_LANGS.filter((l) => {
      const text = (v[field]?.[l] ?? '').trim();
      return text === '' || [...text].length > TEXT_MAX[field];
    });
    return (wrong.length ? wrong : [CAMPAIGN_LANGS[0]]).map((l) => [field, l]);
  }
  if (field === 'terms') {
    const check = checkTerms(v.kind, v.terms);
    if (!check.ok) return check.errors.map((e) => e.name);
    // Terms the schema takes, refused by a rule of the server's: for a rakeback, its top tier with the referral.
    return [v.kind === 'rakeback' ? ['terms', 'rakeback', 'tiers', topTierIndex(v.terms), 'rate'] : firstTermsField(v.kind)];
  }
  return [];
}

/**
 * A terms field's own rule: the shared schema's check of the kind's terms, reporting only what it says
 * of this field (`name`, the form's full name), in the console's language (`say`).
 */
export const termsFieldRule =
  (kind: CampaignKind, name: FieldName, say: (key: string) => string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const check = checkTerms(kind, getFieldValue('terms') as TermsValues);
      const own = check.ok ? undefined : check.errors.find((e) => sameName(e.name, name));
      if (own) throw new Error(say(own.message));
    },
  });
