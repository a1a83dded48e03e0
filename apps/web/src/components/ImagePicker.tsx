import { useEffect, useMemo, useRef } from 'react';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './ImagePicker.css';

/**
 * One picture slot: a tap opens the file chooser (images only; only the first chosen file is used),
 * a chosen picture shows as a preview with "remove" and "choose again".
 */
export function ImagePicker({
  preview,
  label,
  hint,
  busy = false,
  onChoose,
  onRemove,
  testId,
}: {
  preview: string | null;
  label: string;
  hint?: string;
  busy?: boolean;
  onChoose(file: File): void;
  onRemove(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const open = () => {
    if (!busy) input.current?.click();
  };
  return (
    <div className={`image-slot ${preview ? 'image-slot-filled' : ''}`} data-testid={testId}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Clear the input so that choosing the same file again still fires a change.
          e.target.value = '';
          if (file) onChoose(file);
        }}
      />
      {preview ? (
        <>
          <img src={preview} alt={label} className="image-slot-preview" data-testid={`${testId}-preview`} />
          <button type="button" className="image-slot-remove" aria-label={`${t('imagePicker.remove')} ${label}`} onClick={onRemove}>
            <CloseOutline />
          </button>
          <button type="button" className="image-slot-reselect" onClick={open} disabled={busy}>
            {t('imagePicker.reselect')}
          </button>
        </>
      ) : (
        <button type="button" className="image-slot-empty" onClick={open} disabled={busy}>
          <PictureOutline className="image-slot-icon" />
          <span>{label}</span>
          {hint && <small>{hint}</small>}
        </button>
      )}
    </div>
  );
}

/** An object URL for a chosen file (the local preview), revoked when the file changes or the screen closes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}
