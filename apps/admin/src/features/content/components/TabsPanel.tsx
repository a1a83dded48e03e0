import { App, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentListPanel, editDeleteColumn, useContentEditor } from './panelParts';
import { apiLangOf } from '../../../lib/languages';
import { useTabs, type AdminTab, type Localized } from '../api/content';
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
  const editor = useContentEditor<Draft>('articleTab');
  return (
    <ContentListPanel<AdminTab, Draft>
      query={tabs}
      editor={editor}
      blank={{}}
      pagination={false}
      columns={() => [
        { title: t('content.name'), render: (_, x) => x.name[apiLangOf(i18n.language)] },
        { title: t('content.order'), dataIndex: 'sort' },
        { title: t('content.articleCount'), dataIndex: 'articles' },
        editDeleteColumn<AdminTab>(t('common.actions'), (x) => ({
          onEdit: () => editor.open(x),
          onDelete: () => editor.remove(x.id, { onError: (e) => message.error(e.message) }),
          deleteDisabled: x.articles > 0,
        })),
      ]}
    >
      <LocalizedFields name="name" label={t('content.name')} max={40} />
      <Form.Item name="sort" label={t('content.order')}>
        <InputNumber min={0} max={100000} />
      </Form.Item>
    </ContentListPanel>
  );
}
