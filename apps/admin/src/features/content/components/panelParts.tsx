import { useState, type ReactNode } from 'react';
import { App, Button, ConfigProvider, Form, Modal, Popconfirm, Space, Switch, Table, type ButtonProps } from 'antd';
import type { FormInstance } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { ApiError } from '../../../lib/api';
import { QueryState } from '../../../components/QueryState';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { useContentChange } from '../api/content';

interface EditDeleteProps {
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
}

/** A content row's edit button and its confirmed delete (inside the caller's Space). */
export function EditDeleteButtons({ onEdit, onDelete, deleteDisabled }: EditDeleteProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" onClick={onEdit}>
        {t('content.edit')}
      </Button>
      <Popconfirm title={t('content.deleteConfirm')} onConfirm={onDelete}>
        <Button size="small" danger disabled={deleteDisabled}>
          {t('content.delete')}
        </Button>
      </Popconfirm>
    </>
  );
}

/** The last column of a content list whose rows have only edit and delete. */
export function editDeleteColumn<T>(title: string, buttons: (row: T) => EditDeleteProps): ColumnType<T> {
  return {
    title,
    render: (_, row) => (
      <Space>
        <EditDeleteButtons {...buttons(row)} />
      </Space>
    ),
  };
}

/** The "add" button above a content list. */
export function AddButton(props: Omit<ButtonProps, 'type' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Button type="primary" {...props}>
      {t('content.add')}
    </Button>
  );
}

/**
 * What a content form does once the server answers its save: on success it closes and says so; a
 * refusal naming a field shows under that field, any other as a message.
 */
function useSaveOutcome(form: FormInstance, close: () => void) {
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

/** Each kind of content's save and delete calls. */
const CONTENT_CALLS = {
  banner: { save: api.admin.bannerSave, remove: api.admin.bannerDelete },
  article: { save: api.admin.articleSave, remove: api.admin.articleDelete },
  articleTab: { save: api.admin.articleTabSave, remove: api.admin.articleTabDelete },
  announcement: { save: api.admin.announcementSave, remove: api.admin.announcementDelete },
};

/**
 * The editing of one kind of content: the row being written in its dialog (null while closed), the
 * dialog's form, its save (a new row has no id, the server gives it one) and the delete of a row.
 */
export function useContentEditor<Draft extends { id?: number }>(kind: keyof typeof CONTENT_CALLS) {
  const { t } = useTranslation();
  const save = useContentChange<Draft>(CONTENT_CALLS[kind].save);
  const remove = useContentChange<{ id: number }>(CONTENT_CALLS[kind].remove);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const saved = useSaveOutcome(form, () => setDraft(null));
  return {
    draft,
    form,
    saving: save.isPending,
    title: draft?.id ? t('content.edit') : t('content.add'),
    /** Opens the dialog on `values`: a row to edit, or the defaults of a new one. */
    open: (values: Draft) => {
      setDraft(values);
      form.resetFields();
      form.setFieldsValue(values);
    },
    close: () => setDraft(null),
    submit: (values: Draft) => save.mutate({ ...values, id: draft?.id }, saved),
    remove: (id: number, options?: { onError: (e: Error) => void }) => remove.mutate({ id }, options),
  };
}

type ContentEditor<Draft extends { id?: number }> = ReturnType<typeof useContentEditor<Draft>>;

interface EditorFormProps<Draft extends { id?: number }> {
  editor: ContentEditor<Draft>;
  /** Completes the form's values before the save (by default they are saved as they are). */
  onFinish?: (values: Draft) => void;
  children: ReactNode;
}

/**
 * The form of a content dialog. Its dropdowns and tooltips open inside the dialog, not on the page
 * behind it, so they stay on their field when that page scrolls (a dropdown carried off by the page
 * jumps back at its next alignment, and a pick pressed before the jump is released beside the option).
 */
export function EditorForm<Draft extends { id?: number }>({ editor, onFinish, children }: EditorFormProps<Draft>) {
  return (
    <ConfigProvider getPopupContainer={(trigger) => trigger?.parentElement ?? document.body}>
      <Form form={editor.form} layout="vertical" onFinish={onFinish ?? editor.submit} onValuesChange={clearEditedErrors(editor.form)}>
        {children}
      </Form>
    </ConfigProvider>
  );
}

interface ContentListProps<T extends { id: number }, Draft extends { id?: number }> {
  query: UseQueryResult<T[]>;
  editor: ContentEditor<Draft>;
  /** The form's values for a new row. */
  blank: Draft;
  addTestId?: string;
  columns: (rows: T[]) => ColumnsType<T>;
  pagination?: false;
  dialogWidth?: number;
  /** Completes the form's values before the save (by default they are saved as they are). */
  onFinish?: (values: Draft) => void;
  /** The dialog's form fields. */
  children: ReactNode;
}

/** A content list shown whole: the add button, the rows in a table and the add / edit dialog. */
export function ContentListPanel<T extends { id: number }, Draft extends { id?: number }>(props: ContentListProps<T, Draft>) {
  const { editor } = props;
  const guardClose = useDiscardGuard();
  return (
    <QueryState query={props.query}>
      {(rows) => (
        <>
          <AddButton style={{ marginBottom: 12 }} onClick={() => editor.open(props.blank)} data-testid={props.addTestId} />
          <Table<T> rowKey="id" size="small" pagination={props.pagination} dataSource={rows} columns={props.columns(rows)} />
          <Modal
            open={editor.draft !== null}
            width={props.dialogWidth}
            title={editor.title}
            onCancel={guardClose(() => editor.form.isFieldsTouched(), editor.close)}
            onOk={() => editor.form.submit()}
            confirmLoading={editor.saving}
            destroyOnHidden
          >
            <EditorForm editor={editor} onFinish={props.onFinish}>
              {props.children}
            </EditorForm>
          </Modal>
        </>
      )}
    </QueryState>
  );
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

/** A yes / no column cell. */
export const yesNo = (t: TFunction) => (v: boolean) => (v ? t('common.yes') : t('common.no'));
