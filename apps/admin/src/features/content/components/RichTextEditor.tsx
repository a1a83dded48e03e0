import { useEffect, useRef } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { uploadContentImage } from '../api/content';

const SAFE_LINK = /^(?:https?:\/\/|\/(?!\/))/i;

/**
 * The article editor (tiptap): paragraphs, headings, lists, quotes, links and uploaded images — the
 * formatting the server's allow-list keeps. A form control: `value` is HTML, `onChange` gets HTML.
 */
export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ code: false, codeBlock: false, link: { openOnClick: false, protocols: ['http', 'https'] } }), Image],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  // A new article (or another one) loaded into the form replaces the editor's content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (key: keyof NonNullable<typeof state>, label: string, run: () => void) => (
    <Tooltip title={label} key={key}>
      <Button size="small" type={state?.[key] ? 'primary' : 'default'} onClick={run} aria-label={label} aria-pressed={state?.[key]}>
        {label}
      </Button>
    </Tooltip>
  );
  const setLink = () => {
    const href = window.prompt(t('content.editor.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (!href) chain().unsetLink().run();
    else if (SAFE_LINK.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
    else message.error(t('content.editor.linkPrompt'));
  };
  const insertImage = async (f: File | undefined) => {
    if (!f) return;
    try {
      const src = await uploadContentImage(f);
      chain().setImage({ src }).run();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <div className="rich-editor">
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        {tool('bold', t('content.editor.bold'), () => chain().toggleBold().run())}
        {tool('italic', t('content.editor.italic'), () => chain().toggleItalic().run())}
        {tool('underline', t('content.editor.underline'), () => chain().toggleUnderline().run())}
        {tool('h2', t('content.editor.h2'), () => chain().toggleHeading({ level: 2 }).run())}
        {tool('h3', t('content.editor.h3'), () => chain().toggleHeading({ level: 3 }).run())}
        {tool('bullet', t('content.editor.bullet'), () => chain().toggleBulletList().run())}
        {tool('ordered', t('content.editor.ordered'), () => chain().toggleOrderedList().run())}
        {tool('quote', t('content.editor.quote'), () => chain().toggleBlockquote().run())}
        {tool('link', t('content.editor.link'), setLink)}
        <Button size="small" onClick={() => file.current?.click()}>
          {t('content.editor.image')}
        </Button>
        <input ref={file} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => void insertImage(e.target.files?.[0])} />
      </Space>
      <EditorContent editor={editor} className="rich-editor-content" data-testid="rich-editor" />
    </div>
  );
}
