/**
 * The tables of docs/bet-grammar.md, written from the grammar's own tables and the parser: the doc's
 * test checks the doc contains them, so the doc cannot drift from what the chat reads.
 */
import { formatMoney } from '../money.js';
import { translate } from '../messages/index.js';
import { betClass, SUM_CLASS_BASE } from './betClasses.js';
import { AMOUNT_UNITS, CLASS_FORMS, COMMAND_FORMS, formsIn, totalFormsIn, type ChatCommand, type GrammarLang } from './betForms.js';
import { parseBetMessage } from './betGrammar.js';
import { BET_TEXT_EXAMPLES } from './betTextExamples.js';

const code = (forms: readonly string[]) => forms.map((f) => `\`${f}\``).join(' ');

const className = (lang: GrammarLang, classId: number) => {
  const c = betClass(classId)!;
  return translate(lang, c.nameKey, { n: c.sum ?? 0 });
};

const COMMAND_NAMES: Record<ChatCommand, string> = {
  cancel: 'cancel (answered: a placed bet stands)',
  allIn: 'all-in (answered: there is none)',
  balance: 'balance (answered privately)',
};

export function renderGrammarDoc(lang: GrammarLang): string {
  const rows: string[] = ['| bet (class id) | written as |', '| --- | --- |'];
  for (const c of CLASS_FORMS) rows.push(`| ${className(lang, c.classId)} (${c.classId}) | ${code(formsIn(c, lang))} |`);
  rows.push(`| ${translate(lang, 'class.sum', { n: 'N' })} (${SUM_CLASS_BASE}+N), N = 0–27 | ${code(totalFormsIn(lang))} |`);
  rows.push(`| amount, u | ${code(['100', '100.5', '100.50'])}, then optionally ${code(AMOUNT_UNITS[lang])} |`);
  const commands = ['| command | written as (the whole message) |', '| --- | --- |'];
  for (const [command, table] of Object.entries(COMMAND_FORMS) as [ChatCommand, (typeof COMMAND_FORMS)[ChatCommand]][])
    commands.push(`| ${COMMAND_NAMES[command]} | ${code(table[lang])} |`);
  const examples = ['| message | read as |', '| --- | --- |'];
  for (const ex of BET_TEXT_EXAMPLES[lang]) {
    const read = parseBetMessage(ex.text);
    const means = read.kind === 'bets' ? read.bets.map((b) => `${className(lang, b.classId)} ${formatMoney(b.amountCents)} u`).join('; ') : `(${read.kind})`;
    examples.push(`| \`${ex.text}\` | ${means} |`);
  }
  return [...rows, '', ...commands, '', ...examples].join('\n');
}
