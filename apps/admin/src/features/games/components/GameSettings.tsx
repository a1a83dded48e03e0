import { App, Button, Form, Input, Space, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { gameConfigKey, type GameView } from '../api/games';
import { FormField } from '../../../components/FormField';

/**
 * A game's open switch, opening hours and exposure cap per round, saved for the next round. Loaded when an admin opens it
 * (the games screen shows the settings as text): a form and a time picker per game made the screen slow.
 */
export function GameSettings({ game, onDone }: { game: GameView; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const shown = game.pending ?? game;
  const save = useMutation({
    mutationFn: (v: { enabled: boolean; hours?: [dayjs.Dayjs, dayjs.Dayjs] | null; exposure_cap?: string }) =>
      call(api.admin.gameUpdate, {
        id: game.id,
        enabled: v.enabled,
        open_from: v.hours?.[0]?.format('HH:mm') ?? '',
        open_to: v.hours?.[1]?.format('HH:mm') ?? '',
        exposure_cap: v.exposure_cap ?? '',
      }),
    onSuccess: () => {
      message.success(t('games.savedNextRound'));
      void client.invalidateQueries({ queryKey: gameConfigKey });
      onDone();
    },
    onError: (e) => message.error(e.message),
  });
  return (
    <Form
      name={`game-${game.id}`}
      layout="inline"
      initialValues={{
        enabled: shown.enabled,
        hours: shown.open_from && shown.open_to ? [dayjs(shown.open_from, 'HH:mm'), dayjs(shown.open_to, 'HH:mm')] : null,
        exposure_cap: shown.exposure_cap,
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item name="enabled" label={t('games.open')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <FormField name="hours" label={t('games.hours')} hint={t('games.hoursHint')}>
        <TimePicker.RangePicker format="HH:mm" allowClear />
      </FormField>
      <FormField name="exposure_cap" label={t('games.exposureCap')} hint={t('games.exposureCapHint')}>
        <Input inputMode="decimal" maxLength={16} style={{ width: 140 }} />
      </FormField>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
