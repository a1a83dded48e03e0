import { useState } from 'react';
import { Button, Form, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons, EnabledField, useSaveOutcome } from './panelParts';
import { QueryState } from '../../components/QueryState';
import { formatTime } from './time';
import { useAnnouncements, useContentChange, type AdminAnnouncement, type Localized } from './api';
import { LocalizedFields } from './LocalizedFields';

interface Draft {
  id?: number;
  title?: Localized;
  content?: Localized;
  enabled?: boolean;
}

/** Platform announcements (the players' second /notice tab), written in the four languages. */
export function AnnouncementsPanel() {
  const { t, i18n } = useTranslation();
  const list = useAnnouncements();
  const save = useContentChange<Draft>('announcementSave');
  const remove = useContentChange<{ id: number }>('announcementDelete');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const saved = useSaveOutcome(form, () => setDraft(null));
  const uiLang = ({ 'zh-CN': 'zh', 'zh-TW': 'tw', en: 'en', vi: 'vi' } as const)[i18n.language as 'en'] ?? 'zh';
  return (
    <QueryState query={list}>
      {(rows) => (
        <>
          <Button type="primary" style={{ marginBottom: 12 }} onClick={() => { setDraft({ enabled: true }); form.resetFields(); form.setFieldsValue({ enabled: true }); }}>
            {t('content.add')}
          </Button>
          <Table<AdminAnnouncement>
            rowKey="id"
            size="small"
            dataSource={rows}
            columns={[
              { title: t('content.titleField'), render: (_, a) => a.title[uiLang] },
              { title: t('content.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? t('common.yes') : t('common.no')) },
              { title: t('common.time'), dataIndex: 'createtime', render: formatTime },
              {
                title: t('common.actions'),
                render: (_, a) => (
                  <Space>
                    <EditDeleteButtons onEdit={() => { setDraft(a); form.setFieldsValue(a); }} onDelete={() => remove.mutate({ id: a.id })} />
                  </Space>
                ),
              },
            ]}
          />
          <Modal open={draft !== null} width={640} title={draft?.id ? t('content.edit') : t('content.add')} onCancel={() => setDraft(null)} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
            <Form
              form={form}
              layout="vertical"
              onFinish={(v) =>
                save.mutate({ ...v, id: draft?.id, enabled: v.enabled ?? false }, saved)
              }
            >
              <LocalizedFields name="title" label={t('content.titleField')} max={60} />
              <LocalizedFields name="content" label={t('content.text')} max={2000} multiline />
              <EnabledField />
            </Form>
          </Modal>
        </>
      )}
    </QueryState>
  );
}
