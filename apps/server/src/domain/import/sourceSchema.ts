/**
 * What the importer needs of the source database, table by table and column by column, with the kind of
 * each column, and the check of it against the source's INFORMATION_SCHEMA: a missing table or column,
 * or one of another kind, is listed and the import refused before anything is read or written.
 */
export type ColumnKind = 'integer' | 'cents' | 'number' | 'text';

/** The tables and columns read (the product's table prefix is fa_). */
export const NEEDED: Record<string, Record<string, ColumnKind>> = {
  fa_user: {
    id: 'integer',
    group_id: 'integer',
    username: 'text',
    nickname: 'text',
    password: 'text',
    salt: 'text',
    money: 'cents',
    score: 'number',
    inviter_id: 'integer',
    admin_id: 'integer',
    pass_code: 'text',
    status: 'text',
    jointime: 'integer',
  },
  fa_admin: { id: 'integer', username: 'text', nickname: 'text', status: 'text' },
  fa_domain: { admin_id: 'integer', domain: 'text', status: 'integer' },
  fa_game: { id: 'integer', name: 'text', status: 'integer' },
  fa_game_plan: { id: 'integer', game_id: 'integer', title: 'text', type: 'integer', min_limit: 'cents', join_limit: 'cents' },
  fa_plan_rule: { game_plan_id: 'integer', class: 'integer', class_name: 'text', odds: 'number', limit_min: 'cents', limit_max: 'cents', status: 'integer' },
  fa_issue: { id: 'integer', game_id: 'integer', issue: 'text', site_1: 'integer', site_2: 'integer', site_3: 'integer', code: 'integer', status: 'integer' },
  fa_order: {
    id: 'integer',
    orderNo: 'text',
    user_id: 'integer',
    game_id: 'integer',
    plan_id: 'integer',
    issue: 'text',
    play_type: 'integer',
    play_method: 'text',
    odds: 'number',
    quantity: 'cents',
    profit: 'cents',
    whether_hit: 'integer',
    status: 'integer',
    lottery_code: 'text',
    createtime: 'integer',
  },
  fa_quantity_log: {
    id: 'integer',
    user_id: 'integer',
    quantity: 'cents',
    over: 'cents',
    type: 'integer',
    status: 'integer',
    mark: 'text',
    createtime: 'integer',
  },
  fa_user_pay: { id: 'integer', user_id: 'integer', acc: 'text', acc_name: 'text', acc_bank: 'text', status: 'integer' },
};

export interface SourceColumn {
  table: string;
  column: string;
  dataType: string;
  scale: number | null;
}

const INTEGER_TYPES = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint']);
const DECIMAL_TYPES = new Set(['decimal', 'numeric']);
const TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'enum']);

/** Whether a column of this type holds what the importer expects of that kind (cents: an exact number of at most two places). */
export function fitsKind(kind: ColumnKind, dataType: string, scale: number | null): boolean {
  const t = dataType.toLowerCase();
  switch (kind) {
    case 'integer':
      return INTEGER_TYPES.has(t);
    case 'cents':
      return INTEGER_TYPES.has(t) || (DECIMAL_TYPES.has(t) && (scale ?? 0) <= 2);
    case 'number':
      return INTEGER_TYPES.has(t) || DECIMAL_TYPES.has(t);
    case 'text':
      return TEXT_TYPES.has(t);
  }
}

const KIND_WORDS: Record<ColumnKind, string> = {
  integer: 'an integer',
  cents: 'an integer or a decimal of at most 2 places',
  number: 'an integer or a decimal',
  text: 'a text',
};

/** Every problem with the source's columns, one line each; empty when the importer finds everything it needs. */
export function schemaProblems(columns: readonly SourceColumn[]): string[] {
  const byTable = new Map<string, Map<string, SourceColumn>>();
  for (const c of columns) {
    const table = byTable.get(c.table) ?? new Map<string, SourceColumn>();
    table.set(c.column.toLowerCase(), c);
    byTable.set(c.table, table);
  }
  const problems: string[] = [];
  for (const [table, needed] of Object.entries(NEEDED)) {
    const found = byTable.get(table);
    if (!found) {
      problems.push(`table ${table} is missing`);
      continue;
    }
    for (const [column, kind] of Object.entries(needed)) {
      const c = found.get(column.toLowerCase());
      if (!c) problems.push(`column ${table}.${column} is missing`);
      else if (!fitsKind(kind, c.dataType, c.scale)) {
        problems.push(`column ${table}.${column} is ${c.dataType}${c.scale ? `(${c.scale} places)` : ''}, expected ${KIND_WORDS[kind]}`);
      }
    }
  }
  return problems;
}
