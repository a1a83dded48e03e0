import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** One line of a fairness check: what was checked and whether it matched (null: not checkable yet). */
export function FairCheck({ ok, label, testId }: { ok: boolean | null; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={`fair-check ${ok === null ? 'fair-check-na' : ok ? 'fair-check-ok' : 'fair-check-bad'}`}
      data-testid={testId}
      data-ok={ok === null ? 'na' : String(ok)}
    >
      {ok === null ? <ClockCircleFill /> : ok ? <CheckCircleFill /> : <CloseCircleFill />}
      <span>{label}</span>
      <b>{ok === null ? t('fair.na') : ok ? t('fair.match') : t('fair.mismatch')}</b>
    </li>
  );
}
