import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Popup } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../hooks/useBackCloses';
import { useOperatorToday } from '../hooks/useOperatorZone';
import { DATE_PRESETS, fromPickerDate, pickerDate, presetOf, presetRange, resolvedRange, zoneLabel, type DateRange } from '../lib/operatorTime';
import './DateRangeFilter.css';

export type { DateRange };

const MIN_DATE = new Date(2018, 0, 1);

/** "begin – end" for the list's range bar (one date when both are the same); empty sides are `today`. */
export function dateRangeLabel(range: DateRange, today: string): string {
  const r = resolvedRange(range, today);
  return r.begin === r.end ? r.begin : `${r.begin} – ${r.end}`;
}

function DateField({
  label,
  value,
  today,
  className,
  onChange,
}: {
  label: string;
  value: string;
  today: string;
  className: string;
  onChange: (v: string) => void;
}) {
  const [open, setOpen] = useState(false);
  // Back closes the picker and leaves the drawer open.
  useBackCloses(open, () => setOpen(false), `date-${label}`);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <span>{label}</span>
        <b>{value || today}</b>
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        min={MIN_DATE}
        // The operator's today, which may be the device's tomorrow or yesterday.
        max={pickerDate(today)}
        value={pickerDate(value || today)}
        onConfirm={(d) => onChange(fromPickerDate(d))}
        title={label}
      />
    </>
  );
}

/**
 * A history list's date bar: the presets (today, yesterday, 7 days, 30 days) counted in the
 * operator's zone, the range shown, the list's `count` text, and the zone the dates are in.
 */
export function DateRangeBar({
  value,
  onApply,
  count,
  className,
}: {
  value: DateRange;
  onApply: (range: DateRange) => void;
  count: ReactNode;
  className: string;
}) {
  const { t } = useTranslation();
  const { zone, today, now } = useOperatorToday();
  const active = presetOf(value, today);
  return (
    <div className={`date-bar ${className}`} data-testid="date-bar">
      <div className="date-presets" role="group" aria-label={t('dates.presets')}>
        {DATE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`date-preset ${active === p ? 'date-preset-on' : ''}`}
            aria-pressed={active === p}
            data-testid={`date-preset-${p}`}
            onClick={() => onApply(presetRange(p, today))}
          >
            {t(`dates.${p}`)}
          </button>
        ))}
      </div>
      <div className="date-bar-line">
        <span data-testid="date-range">{dateRangeLabel(value, today)}</span>
        <span>{count}</span>
      </div>
      <div className="date-zone" data-testid="date-zone">
        {t('dates.zone', { zone: zoneLabel(zone, now) })}
      </div>
    </div>
  );
}

/**
 * The filter button of a history list's header (`Page`'s `right`) and the drawer it opens: begin
 * and end dates (in the operator's zone, up to its today), reset, confirm. The drawer edits a
 * draft; `onApply` receives it on confirm. Texts are `<i18nPrefix>.{filter,begin,end,reset,confirm}`;
 * classes `<classPrefix>-date`, `<classPrefix>-drawer`, `<classPrefix>-drawer-actions`.
 */
export function DateRangeFilter({
  value,
  onApply,
  i18nPrefix,
  classPrefix,
  testId,
}: {
  value: DateRange;
  onApply: (range: DateRange) => void;
  i18nPrefix: string;
  classPrefix: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { today } = useOperatorToday();
  const [draft, setDraft] = useState<DateRange>(value);
  const [drawer, setDrawer] = useState(false);
  // Back closes the drawer, not the list.
  useBackCloses(drawer, () => setDrawer(false), 'date-filter');
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t(`${i18nPrefix}.filter`)}
        data-testid={testId}
        onClick={() => {
          setDraft({ begin: value.begin, end: value.end });
          setDrawer(true);
        }}
      >
        <FilterOutline />
      </button>
      <Popup visible={drawer} position="right" onMaskClick={() => setDrawer(false)} bodyClassName={`${classPrefix}-drawer`}>
        <h3>{t(`${i18nPrefix}.filter`)}</h3>
        <DateField
          label={t(`${i18nPrefix}.begin`)}
          value={draft.begin}
          today={today}
          className={`${classPrefix}-date`}
          onChange={(begin) => setDraft((d) => ({ ...d, begin }))}
        />
        <DateField
          label={t(`${i18nPrefix}.end`)}
          value={draft.end}
          today={today}
          className={`${classPrefix}-date`}
          onChange={(end) => setDraft((d) => ({ ...d, end }))}
        />
        <div className={`${classPrefix}-drawer-actions`}>
          <Button block shape="rounded" onClick={() => setDraft({ begin: '', end: '' })}>
            {t(`${i18nPrefix}.reset`)}
          </Button>
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => {
              onApply(draft);
              setDrawer(false);
            }}
          >
            {t(`${i18nPrefix}.confirm`)}
          </Button>
        </div>
      </Popup>
    </>
  );
}
