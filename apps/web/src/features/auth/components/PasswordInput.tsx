import { useState } from 'react';
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './auth.css';

export function PasswordInput(props: {
  value: string;
  onChange(v: string): void;
  placeholder: string;
  name: string;
  autoComplete: string;
  onEnterPress?(): void;
}) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="password-input">
      <Input
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        name={props.name}
        autoComplete={props.autoComplete}
        aria-label={props.placeholder}
        onEnterPress={props.onEnterPress}
        clearable
      />
      <button type="button" className="eye" aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')} onClick={() => setVisible((v) => !v)}>
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
