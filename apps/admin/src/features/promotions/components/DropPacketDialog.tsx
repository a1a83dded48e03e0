import { App, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translate } from '@lucky28/shared/messages';
import { RED_PACKET_MAX_SHARES } from '@lucky28/shared/promotions';
import { ApiError } from '../../../lib/api';
import { dateMinute, zoneLabel } from '../../../lib/format';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { apiLangOf } from '../../../lib/languages';
import { gameConfigQuery, roomTitle } from '../../../lib/rooms';
import { usePacketDrop } from '../api/promotions';
import { blankDrop, checkDrop, closesAt, refusedDropField, WINDOW_UNIT_MINUTES, type DropValues, type WindowUnit } from '../model/dropForm';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Drops a red packet into a room (docs/red-packets.md#a-packet): total and shares, cash or bonus money
 * (with its wagering multiple), who qualifies, a greeting and the claim window, opening now unless a
 * time is picked (in the operator's zone, as every date of the console). Everything is checked as the
 * server checks it before it is sent; each refusal — a drop larger than the budget among them — shows
 * under its field with the server's words in the console's language.
 */
export function DropPacketDialog({ balance, onClose }: { balance: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DropValues>();
  const guardClose = useDiscardGuard();
  const drop = usePacketDrop();
  const rooms = useQuery(gameConfigQuery);
  const values = (Form.useWatch([], { form, preserve: true }) as DropValues | undefined) ?? blankDrop();
  const say = (key: string, params?: Record<string, string | number>) => translate(apiLangOf(i18n.language), key, params);
  const closes = closesAt(values, nowSeconds());

  const submit = () => {
    const v = form.getFieldsValue(true) as DropValues;
    const checked = checkDrop(v, nowSeconds());
    if (!checked.ok) {
      form.setFields(checked.errors.map((e) => ({ name: e.name, errors: [e.console ? t(e.key, e.params) : say(e.key, e.params)] })));
      return;
    }
    drop.mutate(checked.body, {
      onSuccess: (packet) => {
        void message.success(t('packets.form.done', { id: packet.id }));
        onClose();
      },
      onError: (e) => {
        const name = e instanceof ApiError ? refusedDropField(e.field, v) : undefined;
        if (name) form.setFields([{ name, errors: [e.message] }]);
        else void message.error(e.message);
      },
    });
  };

  const roomOptions = (rooms.data?.games ?? []).flatMap((g) =>
    g.rooms.map((r) => ({ value: r.id, label: `${roomTitle(r, i18n.language)} · ${g.code} (#${r.id})${r.enabled ? '' : ` — ${t('packets.form.roomOff')}`}` })),
  );
  return (
    <Modal
      open
      title={t('packets.form.title')}
      onOk={submit}
      okText={t('packets.form.send')}
      cancelText={t('common.cancel')}
      onCancel={guardClose(() => form.isFieldsTouched(), onClose)}
      confirmLoading={drop.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={blankDrop()} onValuesChange={clearEditedErrors(form)} data-testid="drop-form">
        <Form.Item name="plan_id" label={t('packets.form.room')}>
          <Select aria-label={t('packets.form.room')} loading={rooms.isPending} options={roomOptions} showSearch optionFilterProp="label" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="total"
            label={t('packets.form.total')}
            extra={balance === undefined ? t('packets.form.totalHint') : t('packets.form.totalHintBalance', { balance })}
            style={{ width: 280 }}
          >
            <Input inputMode="decimal" suffix="u" aria-label={t('packets.form.total')} />
          </Form.Item>
          <Form.Item name="shares" label={t('packets.form.shares')} extra={t('packets.form.sharesHint', { max: RED_PACKET_MAX_SHARES })} style={{ width: 280 }}>
            <Input inputMode="numeric" aria-label={t('packets.form.shares')} />
          </Form.Item>
        </Space>
        <Form.Item name="wallet" label={t('packets.form.wallet')}>
          <Radio.Group
            options={[
              { value: 'cash', label: t('packets.form.cash') },
              { value: 'bonus', label: t('packets.form.bonus') },
            ]}
          />
        </Form.Item>
        {values.wallet === 'bonus' && (
          <Form.Item name="wager_multiple" label={t('packets.form.multiple')} extra={t('packets.form.multipleHint')} style={{ width: 280 }}>
            <Input inputMode="numeric" suffix="×" aria-label={t('packets.form.multiple')} />
          </Form.Item>
        )}
        <Form.Item name="qualify" label={t('packets.form.qualify')}>
          <Radio.Group
            options={[
              { value: 'members', label: t('packets.form.members') },
              { value: 'at_risk', label: t('packets.form.atRisk') },
            ]}
          />
        </Form.Item>
        {values.qualify === 'at_risk' && (
          <Space wrap align="start">
            <Form.Item name="min_at_risk" label={t('packets.form.minAtRisk')} extra={t('packets.form.minAtRiskHint')} style={{ width: 280 }}>
              <Input inputMode="decimal" suffix="u" aria-label={t('packets.form.minAtRisk')} />
            </Form.Item>
            <Form.Item name="at_risk_days" label={t('packets.form.days')} extra={t('packets.form.daysHint')} style={{ width: 280 }}>
              <Input inputMode="numeric" aria-label={t('packets.form.days')} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="greeting" label={t('packets.form.greeting')} extra={t('packets.form.greetingHint')}>
          <Input maxLength={60} showCount aria-label={t('packets.form.greeting')} />
        </Form.Item>
        <Form.Item name="opens" label={t('packets.form.opens')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('packets.form.now') },
              { value: 'at', label: t('packets.form.at') },
            ]}
          />
        </Form.Item>
        {values.opens === 'at' && (
          <Form.Item name="opens_at" label={t('packets.form.opensAt')} extra={t('packets.form.opensAtHint')}>
            <Input type="datetime-local" aria-label={t('packets.form.opensAt')} />
          </Form.Item>
        )}
        <Space wrap align="start">
          <Form.Item name="window" label={t('packets.form.window')} extra={t('packets.form.windowHint')} style={{ width: 200 }}>
            <Input inputMode="numeric" aria-label={t('packets.form.window')} />
          </Form.Item>
          <Form.Item name="window_unit" label={t('packets.form.unit')} style={{ width: 160 }}>
            <Select
              aria-label={t('packets.form.unit')}
              options={(Object.keys(WINDOW_UNIT_MINUTES) as WindowUnit[]).map((u) => ({ value: u, label: t(`packets.form.units.${u}`) }))}
            />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary" data-testid="drop-closes">
          {closes === undefined ? '' : t('packets.form.closes', { time: dateMinute(closes) })} {t('zone.label', { zone: zoneLabel() })}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
