import { useTranslation } from 'react-i18next';
import { AMOUNT_UNITS, BET_TEXT_EXAMPLES, CLASS_FORMS, formsIn, isSumClassId, parseBetMessage, SUM_CLASS_BASE, totalFormsIn } from '@lucky28/shared/game';
import { formatMoney } from '@lucky28/shared/money';
import { currentApiLang } from '../../../lib/i18n';

/**
 * How a bet is written (docs/bet-grammar.md), in the language on screen: each class's forms and the
 * examples, from the grammar's own tables; what each example means is read by the parser as the page
 * is drawn, so the page says exactly what the grammar reads.
 */
export function BetWriting({ nameOf }: { nameOf: (classId: number) => string | undefined }) {
  const { t } = useTranslation();
  const lang = currentApiLang();
  const name = (classId: number) => nameOf(classId) ?? (isSumClassId(classId) ? t('rules.sumName', { n: classId - SUM_CLASS_BASE }) : t(`betClass.${classId}`));
  const forms = (list: readonly string[]) =>
    list.map((f) => (
      <code key={f} className="rules-form">
        {f}
      </code>
    ));
  return (
    <section className="l28-surface rules-card" data-testid="bet-writing">
      <h2>{t('rules.writeTitle')}</h2>
      <p>{t('rules.writeText')}</p>
      <table className="rules-table rules-forms">
        <thead>
          <tr>
            <th>{t('rules.colBet')}</th>
            <th>{t('rules.colWritten')}</th>
          </tr>
        </thead>
        <tbody>
          {CLASS_FORMS.map((c) => (
            <tr key={c.classId} data-class={c.classId}>
              <td className="rules-bet">{name(c.classId)}</td>
              <td>{forms(formsIn(c, lang))}</td>
            </tr>
          ))}
          <tr data-class="sum">
            <td className="rules-bet">{t('rules.writeTotal')}</td>
            <td>{forms(totalFormsIn(lang))}</td>
          </tr>
          <tr data-class="amount">
            <td className="rules-bet">{t('rules.writeAmount')}</td>
            <td>{forms(['100', '100.5', ...AMOUNT_UNITS[lang].map((u) => `100${u}`)])}</td>
          </tr>
        </tbody>
      </table>
      <h3 className="rules-subtitle">{t('rules.writeExamples')}</h3>
      <ul className="rules-examples">
        {BET_TEXT_EXAMPLES[lang].map((ex) => {
          const read = parseBetMessage(ex.text);
          return (
            <li key={ex.text} data-testid="bet-example">
              <code className="rules-form">{ex.text}</code>
              <span className="rules-example-means">
                {read.kind === 'bets' ? read.bets.map((b) => `${name(b.classId)} ${formatMoney(b.amountCents)} u`).join(t('rules.listSep')) : '—'}
              </span>
            </li>
          );
        })}
      </ul>
      <ul className="rules-notes">
        <li>{t('rules.writeSeveral')}</li>
        <li>{t('rules.writeAnyLanguage')}</li>
        <li>{t('rules.writeOnlyBets')}</li>
      </ul>
    </section>
  );
}
