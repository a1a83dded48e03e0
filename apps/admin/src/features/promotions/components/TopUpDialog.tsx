import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { translate } from '@lucky28/shared/messages';
import { ApiError } from '../../../lib/api';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { apiLangOf } from '../../../lib/languages';
import { useBudgetTopUp } from '../api/promotions';
import { checkTopUp, refusedTopUpField, type TopUpValues } from '../model/topUpForm';

/**
 * Adds the house's money to the promotions budget: an amount in u and a note. The shared schema checks
 * both first; a refusal, here or the server's, shows under its field in the console's language.
 */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TopUpValues>();
  const guardClose = useDiscardGuard();
  const topUp = useBudgetTopUp();
  const say = (key: string) => translate(apiLangOf(i18n.language), key);
  const submit = () => {
    const checked = checkTopUp(form.getFieldsValue());
    if (!checked.ok) return form.setFields(checked.errors.map((e) => ({ name: e.name, errors: [say(e.key)] })));
    topUp.mutate(checked.body, {
      onSuccess: () => {
        void message.success(t('packets.topUp.done'));
        onClose();
      },
      onError: (e) => {
        const name = e instanceof ApiError ? refusedTopUpField(e.field) : undefined;
        if (name) form.setFields([{ name, errors: [e.message] }]);
        else void message.error(e.message);
      },
    });
  };
  return (
    <Modal
      open
      title={t('packets.topUp.title')}
      onOk={submit}
      okText={t('packets.topUp.send')}
      cancelText={t('common.cancel')}
      onCancel={guardClose(() => form.isFieldsTouched(), onClose)}
      confirmLoading={topUp.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onValuesChange={clearEditedErrors(form)} data-testid="top-up-form">
        <Form.Item name="amount" label={t('packets.topUp.amount')} extra={t('packets.topUp.amountHint')}>
          <Input inputMode="decimal" suffix="u" aria-label={t('packets.topUp.amount')} />
        </Form.Item>
        <Form.Item name="note" label={t('packets.topUp.note')}>
          <Input.TextArea rows={2} maxLength={100} showCount aria-label={t('packets.topUp.note')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
