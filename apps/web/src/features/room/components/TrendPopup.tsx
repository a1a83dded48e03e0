import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DrawTags } from '../../../components/DrawTags';
import type { DrawEntry } from '../../../lib/api/lottery';
import { useBackCloses } from '../../../hooks/useBackCloses';

/** Recent draws 2–5 (docs/product.md#constants: the first entry is the last draw already on screen). */
export function TrendPopup({ visible, onClose, draws, moreHref }: { visible: boolean; onClose: () => void; draws: DrawEntry[]; moreHref: string }) {
  const { t } = useTranslation();
  const rows = draws.slice(1, 5);
  const leaveTo = useBackCloses(visible, onClose, 'trend');
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="top" bodyClassName="room-trend">
      <h3 className="room-trend-title">{t('room.recentDraws')}</h3>
      {rows.length === 0 && <p className="room-trend-empty">{t('room.noDraws')}</p>}
      <ul className="room-trend-list">
        {rows.map((d) => (
          <li key={d.id}>
            <span className="room-trend-issue">{d.issue}</span>
            <span className="room-trend-expr">
              {d.site_1} + {d.site_2} + {d.site_3} = <b className="room-total">{d.code}</b>
            </span>
            <DrawTags tags={d.base} className="room-trend-tags" />
          </li>
        ))}
      </ul>
      <Link
        className="room-trend-more"
        to={moreHref}
        onClick={(e) => {
          e.preventDefault();
          leaveTo(moreHref);
          onClose();
        }}
      >
        {t('room.moreDraws')}
      </Link>
    </Popup>
  );
}
