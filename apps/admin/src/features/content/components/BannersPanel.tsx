import { useState } from 'react';
import * as api from '@lucky28/shared/api/refs';
import { App, Button, Form, Image, Input, Select, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentListPanel, EditDeleteButtons, EnabledField, useContentEditor, yesNo } from './panelParts';
import { CONTENT_LANGS, uploadContentImage, useBanners, useContentChange, type AdminBanner } from '../api/content';
import { FormField } from '../../../components/FormField';

/** The form: a banner's language is sent as `language` (`lang` is the language of the answer). */
type Draft = Partial<Omit<AdminBanner, 'lang'>> & { language?: string | null };

/** Banners: upload an image, link and language, show or hide, order (up / down), delete. */
export function BannersPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const banners = useBanners();
  const editor = useContentEditor<Draft>('banner');
  const order = useContentChange<{ ids: number[] }>(api.admin.bannerOrder);

  const move = (list: AdminBanner[], index: number, by: number) => {
    const ids = list.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate({ ids }, { onError: (e) => message.error(e.message) });
  };
  const langLabel = (l: string | null) => (l ? t(`content.langs.${l}`, { defaultValue: l }) : t('content.allLangs'));

  return (
    <ContentListPanel<AdminBanner, Draft>
      query={banners}
      editor={editor}
      blank={{ enabled: true, language: null }}
      addTestId="banner-add"
      pagination={false}
      onFinish={(v) => editor.submit({ ...v, link: v.link ?? '' })}
      columns={(list) => [
        { title: t('content.image'), dataIndex: 'image', render: (src: string) => <Image src={src} width={150} height={60} style={{ objectFit: 'cover' }} /> },
        { title: t('content.titleField'), dataIndex: 'title' },
        { title: t('content.lang'), dataIndex: 'lang', render: langLabel },
        { title: t('content.link'), dataIndex: 'link', render: (l: string | null) => l ?? '—' },
        { title: t('content.enabled'), dataIndex: 'enabled', render: yesNo(t) },
        {
          title: t('common.actions'),
          render: (_, b, i) => (
            <Space wrap>
              <Button size="small" disabled={i === 0} onClick={() => move(list, i, -1)}>
                {t('content.up')}
              </Button>
              <Button size="small" disabled={i === list.length - 1} onClick={() => move(list, i, 1)}>
                {t('content.down')}
              </Button>
              <EditDeleteButtons
                onEdit={() => {
                  const { lang, ...rest } = b;
                  editor.open({ ...rest, language: lang });
                }}
                onDelete={() => editor.remove(b.id)}
              />
            </Space>
          ),
        },
      ]}
    >
      <FormField name="image" label={t('content.image')} hint={t('content.uploadHint')} required={{ message: t('content.upload') }}>
        <ImageField />
      </FormField>
      <Form.Item name="title" label={t('content.titleField')}>
        <Input maxLength={100} />
      </Form.Item>
      <FormField name="link" label={t('content.link')} hint={t('content.linkHint')}>
        <Input maxLength={500} placeholder="/shareFriend" />
      </FormField>
      <Form.Item name="language" label={t('content.lang')}>
        <Select options={[{ value: null, label: t('content.allLangs') }, ...CONTENT_LANGS.map((l) => ({ value: l, label: langLabel(l) }))]} />
      </Form.Item>
      <EnabledField />
    </ContentListPanel>
  );
}

/** The banner's image: its preview and an upload button (the server judges the file by content). */
function ImageField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical">
      {value && <Image src={value} width={300} />}
      <Upload
        accept="image/png,image/jpeg,image/webp,image/gif"
        showUploadList={false}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            onChange?.(await uploadContentImage(file as File));
          } catch (e) {
            message.error((e as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button loading={busy} data-testid="banner-upload">
          {t('content.upload')}
        </Button>
      </Upload>
    </Space>
  );
}
