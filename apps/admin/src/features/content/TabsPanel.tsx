import { useState } from 'react';
import { App, Button, Form, InputNumber, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons, useSaveOutcome } from './panelParts';
import { QueryState } from '../../components/QueryState';
import { useContentChange, useTabs, type AdminTab, type Localized } from './api';
import { LocalizedFields } from './LocalizedFields';

interface Draft {
  id?: number;
  name?: Localized;
  sort?: number;
}

/** Article tabs: a name in each of the four languages and an order; an empty tab may be deleted. */
export function TabsPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const tabs = useTabs();
  const save = useContentChange<Draft>('articleTabSave');
  const remove = useContentChange<{ id: number }>('articleTabDelete');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const saved = useSaveOutcome(form, () => setDraft(null));
  const uiLang = ({ 'zh-CN': 'zh', 'zh-TW': 'tw', en: 'en', vi: 'vi' } as const)[i18n.language as 'en'] ?? 'zh';
  return (
    <QueryState query={tabs}>
      {(list) => (
        <>
          <Button type="primary" style={{ marginBottom: 12 }} onClick={() => { setDraft({}); form.resetFields(); }}>
            {t('content.add')}
          </Button>
          <Table<AdminTab>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={list}
            columns={[
              { title: t('content.name'), render: (_, x) => x.name[uiLang] },
              { title: t('content.order'), dataIndex: 'sort' },
              { title: t('content.articleCount'), dataIndex: 'articles' },
              {
                title: t('common.actions'),
                render: (_, x) => (
                  <Space>
                    <EditDeleteButtons
                      onEdit={() => { setDraft(x); form.setFieldsValue(x); }}
                      onDelete={() => remove.mutate({ id: x.id }, { onError: (e) => message.error(e.message) })}
                      deleteDisabled={x.articles > 0}
                    />
                  </Space>
                ),
              },
            ]}
          />
          <Modal open={draft !== null} title={draft?.id ? t('content.edit') : t('content.add')} onCancel={() => setDraft(null)} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
            <Form
              form={form}
              layout="vertical"
              onFinish={(v) =>
                save.mutate({ ...v, id: draft?.id }, saved)
              }
            >
              <LocalizedFields name="name" label={t('content.name')} max={40} />
              <Form.Item name="sort" label={t('content.order')}>
                <InputNumber min={0} max={100000} />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </QueryState>
  );
}
