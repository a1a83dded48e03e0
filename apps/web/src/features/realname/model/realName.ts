import { idNumberProblem, type IdDocType } from '@lucky28/shared/idNumber';

export interface RealNameDraft {
  truename: string;
  idcard: string;
  /** The document the number is of (its format check, ../../../../../packages/shared/src/idNumber.ts). */
  idType?: IdDocType;
  /** Uploaded picture addresses; empty until uploaded. */
  front: string;
  back: string;
}

/** The field each check below names (the server's parameter names), to mark it. */
export const REAL_NAME_FIELDS: Record<string, string> = {
  'err.realname_name_required': 'truename',
  'err.idcard_required': 'idcard',
  'err.idcard_invalid_cn': 'idcard',
  'err.idcard_invalid_tw': 'idcard',
  'err.idcard_invalid_passport': 'idcard',
  'err.realname_front_required': 'idcard_zheng',
  'err.realname_back_required': 'idcard_fan',
};

/** The real-name submit checks of docs/product.md#validation-rules, in order; a key of the API catalogue, or null. */
export function realNameProblem(d: RealNameDraft): string | null {
  if (d.truename.trim() === '') return 'err.realname_name_required';
  if (d.idcard.trim() === '') return 'err.idcard_required';
  if (d.idType) {
    const wrong = idNumberProblem(d.idType, d.idcard);
    if (wrong) return wrong;
  }
  if (!d.front) return 'err.realname_front_required';
  if (!d.back) return 'err.realname_back_required';
  return null;
}
