import { App, Button, Form, Popconfirm, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

/** A content row's edit button and its confirmed delete (inside the caller's Space). */
export function EditDeleteButtons({ onEdit, onDelete, deleteDisabled }: { onEdit: () => void; onDelete: () => void; deleteDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" onClick={onEdit}>{t('content.edit')}</Button>
      <Popconfirm title={t('content.deleteConfirm')} onConfirm={onDelete}>
        <Button size="small" danger disabled={deleteDisabled}>{t('content.delete')}</Button>
      </Popconfirm>
    </>
  );
}

/**
 * What a content form does once the server answers its save: on success it closes and says so; a
 * refusal naming a field shows under that field, any other as a message.
 */
export function useSaveOutcome(form: FormInstance, close: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    onSuccess: () => {
      close();
      message.success(t('common.done'));
    },
    onError: (e: Error) => (e instanceof ApiError && e.field ? form.setFields([{ name: e.field, errors: [e.message] }]) : message.error(e.message)),
  };
}

/** The "shown to players" switch of a banner or an announcement form. */
export function EnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('content.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
