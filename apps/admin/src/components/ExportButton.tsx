import { useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallRef, InputOf } from '@lucky28/shared/api';
import { download } from '../lib/api';

export interface ExportButtonProps<C extends CallRef> {
  /** The list's export call (`api.admin.export…`). */
  call: C;
  /** The filters the screen shows now: the export is the whole list they select. */
  input: InputOf<C>;
}

/** "Export CSV": downloads the screen's list with its current filters (docs/operations.md#exports). */
export function ExportButton<C extends CallRef>({ call, input }: ExportButtonProps<C>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(call, input);
    } catch (e) {
      message.error(t('export.failed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()}>
      {t('export.csv')}
    </Button>
  );
}
