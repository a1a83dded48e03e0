import { useState } from 'react';
import { Button, DatePicker, Popup } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A history list's date range, "YYYY-MM-DD" each; empty means today (the server's default). */
export interface DateRange {
  begin: string;
  end: string;
}

const MIN_DATE = new Date(2018, 0, 1);
const FORMAT = 'YYYY-MM-DD';

/** "begin – end" for the list's range bar, "today" for an empty side or an empty range. */
export const dateRangeLabel = (range: DateRange, today: string): string =>
  range.begin || range.end ? `${range.begin || today} – ${range.end || today}` : today;

function DateField({ label, value, today, className, onChange }: { label: string; value: string; today: string; className: string; onChange: (v: string) => void }) {
  const [open, setOpen] = useState(false);
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
        max={new Date()}
        value={value ? dayjs(value, FORMAT).toDate() : new Date()}
        onConfirm={(d) => onChange(dayjs(d).format(FORMAT))}
        title={label}
      />
    </>
  );
}

/**
 * The filter button of a history list's header (`Page`'s `right`) and the drawer it opens: begin
 * and end dates, reset, confirm. The drawer edits a draft; `onApply` receives it on confirm.
 * Texts are `<i18nPrefix>.{filter,begin,end,today,reset,confirm}`; classes `<classPrefix>-date`,
 * `<classPrefix>-drawer`, `<classPrefix>-drawer-actions`.
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
  const [draft, setDraft] = useState<DateRange>(value);
  const [drawer, setDrawer] = useState(false);
  const today = t(`${i18nPrefix}.today`);
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
        <DateField label={t(`${i18nPrefix}.begin`)} value={draft.begin} today={today} className={`${classPrefix}-date`} onChange={(begin) => setDraft((d) => ({ ...d, begin }))} />
        <DateField label={t(`${i18nPrefix}.end`)} value={draft.end} today={today} className={`${classPrefix}-date`} onChange={(end) => setDraft((d) => ({ ...d, end }))} />
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
