import { useTranslation } from 'react-i18next';
import { ContentListPanel, editDeleteColumn, EnabledField, useContentEditor, yesNo } from './panelParts';
import { apiLangOf } from '../../../lib/languages';
import { formatTime } from '../model/time';
import { useAnnouncements, type AdminAnnouncement, type Localized } from '../api/content';
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
  const announcements = useAnnouncements();
  const editor = useContentEditor<Draft>('announcement');
  return (
    <ContentListPanel<AdminAnnouncement, Draft>
      query={announcements}
      editor={editor}
      blank={{ enabled: true }}
      dialogWidth={640}
      onFinish={(v) => editor.submit({ ...v, enabled: v.enabled ?? false })}
      columns={() => [
        { title: t('content.titleField'), render: (_, a) => a.title[apiLangOf(i18n.language)] },
        { title: t('content.enabled'), dataIndex: 'enabled', render: yesNo(t) },
        { title: t('common.time'), dataIndex: 'createtime', render: formatTime },
        editDeleteColumn<AdminAnnouncement>(t('common.actions'), (a) => ({ onEdit: () => editor.open(a), onDelete: () => editor.remove(a.id) })),
      ]}
    >
      <LocalizedFields name="title" label={t('content.titleField')} max={60} />
      <LocalizedFields name="content" label={t('content.text')} max={2000} multiline />
      <EnabledField />
    </ContentListPanel>
  );
}
