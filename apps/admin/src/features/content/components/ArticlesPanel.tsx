import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Select, Space, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton, editDeleteColumn, EditorForm, useContentEditor, yesNo } from './panelParts';
import { apiLangOf } from '../../../lib/languages';
import { useDiscardGuard } from '../../../lib/forms';
import { formatTime } from '../model/time';
import { CONTENT_LANGS, useArticles, useTabs, type AdminArticle, type ContentLang } from '../api/content';
import { RichTextEditor } from './RichTextEditor';
import { FormField } from '../../../components/FormField';

/** The form: an article's language is sent as `language` (`lang` is the language of the answer). */
type Draft = Partial<Pick<AdminArticle, 'id' | 'tab_id' | 'title' | 'content' | 'is_top'>> & { language?: string };

/** Articles, one per language: list by tab and language, edit in the rich-text editor (sanitised by the server on save). */
export function ArticlesPanel() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<{ tab_id?: number; language?: ContentLang; page: number }>({ page: 1 });
  const articles = useArticles(filter);
  const tabs = useTabs().data ?? [];
  const editor = useContentEditor<Draft>('article');
  const guardClose = useDiscardGuard();
  const uiLang = apiLangOf(i18n.language);
  const tabOptions = tabs.map((x) => ({ value: x.id, label: x.name[uiLang] }));
  const langOptions = CONTENT_LANGS.map((l) => ({ value: l, label: t(`content.langs.${l}`) }));
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('content.tab')}
          style={{ width: 180 }}
          options={tabOptions}
          value={filter.tab_id}
          onChange={(v) => setFilter({ ...filter, tab_id: v, page: 1 })}
        />
        <Select
          allowClear
          placeholder={t('content.lang')}
          style={{ width: 160 }}
          options={langOptions}
          value={filter.language}
          onChange={(v) => setFilter({ ...filter, language: v, page: 1 })}
        />
        <AddButton
          onClick={() => editor.open({ tab_id: filter.tab_id ?? tabs[0]?.id, language: filter.language ?? uiLang, is_top: false, content: '' })}
          data-testid="article-add"
        />
      </Space>
      <Table<AdminArticle>
        rowKey="id"
        size="small"
        loading={articles.isFetching}
        dataSource={articles.data?.list}
        pagination={{ current: filter.page, pageSize: 20, total: articles.data?.total, onChange: (page) => setFilter({ ...filter, page }) }}
        columns={[
          { title: t('content.titleField'), dataIndex: 'title' },
          { title: t('content.tab'), dataIndex: 'tab_id', render: (id: number | null) => tabOptions.find((o) => o.value === id)?.label ?? '—' },
          { title: t('content.lang'), dataIndex: 'lang', render: (l: string) => t(`content.langs.${l}`) },
          { title: t('content.top'), dataIndex: 'is_top', render: yesNo(t) },
          { title: t('content.views'), dataIndex: 'views' },
          { title: t('common.time'), dataIndex: 'createtime', render: formatTime },
          editDeleteColumn<AdminArticle>(t('common.actions'), (a) => ({
            onEdit: () => editor.open({ id: a.id, tab_id: a.tab_id, language: a.lang, title: a.title, content: a.content, is_top: a.is_top }),
            onDelete: () => editor.remove(a.id),
          })),
        ]}
      />
      <Drawer
        open={editor.draft !== null}
        width={760}
        title={editor.title}
        // Esc or a click beside an edited article asks before it is thrown away.
        onClose={guardClose(() => editor.form.isFieldsTouched(), editor.close)}
        destroyOnHidden
        extra={
          <Button type="primary" loading={editor.saving} onClick={() => editor.form.submit()} data-testid="article-save">
            {t('common.save')}
          </Button>
        }
      >
        <Alert type="info" showIcon message={t('content.sanitizedNote')} style={{ marginBottom: 12 }} />
        <EditorForm editor={editor}>
          <Space wrap>
            <FormField name="tab_id" label={t('content.tab')} required>
              <Select style={{ width: 200 }} options={tabOptions} />
            </FormField>
            <FormField name="language" label={t('content.lang')} required>
              <Select style={{ width: 160 }} options={langOptions} />
            </FormField>
            <Form.Item name="is_top" label={t('content.top')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <FormField name="title" label={t('content.titleField')} required={{ whitespace: true }}>
            <Input maxLength={120} data-testid="article-title" />
          </FormField>
          <FormField name="content" label={t('content.text')} required>
            <RichTextEditor />
          </FormField>
        </EditorForm>
      </Drawer>
    </>
  );
}
