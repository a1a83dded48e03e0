import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/FormField';
import type { useBindPayAccount } from './useBindPayAccount';

/**
 * What replacing a bound account asks for, under the account's own fields: the security code, or,
 * when none is set, the way to set one first. Nothing for a first account.
 */
export function ReplaceConfirm({ form }: { form: ReturnType<typeof useBindPayAccount> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!form.replacing) return null;
  if (form.needsCodeFirst) {
    return (
      <Form.Item description={t('payment.needCodeFirst')} data-testid="pay-need-code">
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => navigate('/setSecurityCode')}>
          {t('payment.setCode')}
        </Button>
      </Form.Item>
    );
  }
  return (
    <FormField problem={form.problem} field="securityCode" label={t('payment.securityCode')} hint={t('payment.replaceHint')}>
      <Input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={form.securityCode}
        onChange={form.setSecurityCode}
        placeholder={t('payment.securityCodePlaceholder')}
        aria-label={t('payment.securityCode')}
        data-testid="pay-security-code"
        clearable
      />
    </FormField>
  );
}
