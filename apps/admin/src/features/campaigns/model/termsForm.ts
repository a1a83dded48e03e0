/**
 * A campaign's terms as the console's form holds them, and back: amounts as the operator types them
 * (units with up to two decimals, read exactly: parseExactMoney), rates as a per cent with up to two
 * decimals (10.5 % = 1050 basis points), counts as whole numbers. What is typed wrong is given to the
 * shared schema as a value it refuses, so that the schema — the one check, the server's — names the field.
 */
import { formatMoney, parseExactMoney } from '@lucky28/shared/money';
import { CHECK_IN_DAYS, TERMS_SCHEMAS, readCampaignTerms, type CampaignKind } from '@lucky28/shared/schemas';

type Names = { zh: string; tw: string; en: string; vi: string };
export interface TierValues {
  name: Partial<Names>;
  min_stake: string;
  /** Per cent of the house edge paid back. */
  rate: string;
}
/** The form's terms: one part per kind, so switching the kind back and forth keeps what was typed. */
export interface TermsValues {
  rakeback: { tiers: TierValues[] };
  first_deposit: { percent: string; cap: string; wager_multiple: string };
  check_in: { rewards: string[] };
}
export type FieldName = (string | number)[];

const emptyNames = (): Names => ({ zh: '', tw: '', en: '', vi: '' });

/** A new campaign's terms: one tier from 0, every field to fill in. */
export function blankTerms(): TermsValues {
  return {
    rakeback: { tiers: [{ name: emptyNames(), min_stake: '0.00', rate: '' }] },
    first_deposit: { percent: '', cap: '', wager_multiple: '' },
    check_in: { rewards: Array.from({ length: CHECK_IN_DAYS }, () => '') },
  };
}

/** A campaign's stored terms (cents, basis points) in the form, the other kinds' parts blank. */
export function termsToValues(kind: CampaignKind, terms: Record<string, unknown>): TermsValues {
  const values = blankTerms();
  const t = terms as never;
  if (kind === 'rakeback') {
    const { tiers } = t as { tiers: { name: Names; min_stake: number; rate_bp: number }[] };
    values.rakeback.tiers = tiers.map((x) => ({ name: { ...x.name }, min_stake: formatMoney(x.min_stake), rate: rateText(x.rate_bp) }));
  } else if (kind === 'first_deposit') {
    const { percent, cap, wager_multiple } = t as { percent: number; cap: number; wager_multiple: number };
    values.first_deposit = { percent: String(percent), cap: formatMoney(cap), wager_multiple: String(wager_multiple) };
  } else {
    values.check_in.rewards = (t as { rewards: number[] }).rewards.map(formatMoney);
  }
  return values;
}

/** 1050 basis points → "10.5"; 1000 → "10". */
const rateText = (bp: number) => formatMoney(bp).replace(/\.?0+$/, '');

/**
 * What the schema is given for a field typed wrong: blank stays blank (the schema says it is missing);
 * anything else becomes NaN, which no number field accepts. Never the text itself: the schema reads
 * " 10" or "1e3" as a whole number, which would be cents, not the units the operator typed.
 */
const refused = (v: string | undefined) => (v === undefined || v.trim() === '' ? '' : Number.NaN);
/** Cents of an exact amount in units. */
const amount = (v: string | undefined) => parseExactMoney(v ?? '') ?? refused(v);
/** A whole number written as digits only. */
const whole = (v: string | undefined) => (/^\d{1,9}$/.test(v ?? '') ? Number(v) : refused(v));

/** The terms the server is sent for `kind`, read from the form's part of that kind. */
export function valuesToTerms(kind: CampaignKind, values: TermsValues): unknown {
  if (kind === 'rakeback') {
    return {
      tiers: (values.rakeback?.tiers ?? []).map((x) => ({ name: { ...emptyNames(), ...x?.name }, min_stake: amount(x?.min_stake), rate_bp: amount(x?.rate) })),
    };
  }
  if (kind === 'first_deposit') {
    const f = values.first_deposit ?? {};
    return { percent: whole(f.percent), cap: amount(f.cap), wager_multiple: whole(f.wager_multiple) };
  }
  return { rewards: (values.check_in?.rewards ?? []).map(amount) };
}

/** The form field a schema issue's path names (terms' paths mapped onto the form's): rate_bp is typed as `rate`. */
function fieldOf(kind: CampaignKind, path: PropertyKey[]): FieldName {
  const name = path.map((p) => (p === 'rate_bp' ? 'rate' : typeof p === 'number' ? p : String(p)));
  return ['terms', kind, ...name];
}

export type TermsCheck = { ok: true; terms: unknown } | { ok: false; errors: { name: FieldName; message: string }[] };

/**
 * The form's terms for `kind` checked by the shared schema: the terms to send, or each field the schema
 * refused (its message a message key for `translate`). Rakeback tiers may not share a threshold.
 */
export function checkTerms(kind: CampaignKind, values: TermsValues): TermsCheck {
  const terms = valuesToTerms(kind, values);
  const parsed = TERMS_SCHEMAS[kind].safeParse(terms);
  if (!parsed.success) {
    const seen = new Set<string>();
    const errors = parsed.error.issues
      .map((i) => ({ name: fieldOf(kind, i.path), message: i.message }))
      .filter((e) => !seen.has(e.name.join('.')) && seen.add(e.name.join('.')));
    return { ok: false, errors };
  }
  if (readCampaignTerms(kind, terms) === null) {
    // Only a threshold given twice passes the schema and not the reading: name every tier after the first.
    const tiers = (terms as { tiers: { min_stake: number }[] }).tiers;
    const errors = tiers
      .map((x, i) => ({ x, i }))
      .filter(({ x, i }) => tiers.findIndex((y) => y.min_stake === x.min_stake) < i)
      .map(({ i }) => ({ name: fieldOf(kind, ['tiers', i, 'min_stake']), message: 'err.campaign_terms_invalid' }));
    return { ok: false, errors };
  }
  return { ok: true, terms };
}
