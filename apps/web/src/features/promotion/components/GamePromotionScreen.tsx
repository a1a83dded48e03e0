import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { useBackCloses } from '../../../hooks/useBackCloses';
import { ZoomOverlay } from './ZoomOverlay';
import './promotion.css';

const PROMO_IMAGE = '/promotion/promotion.svg';

/** /GamePromotion (docs/product.md#game-screens): the product name and one promotional image that opens full screen (Back closes it). */
export function GamePromotionScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Back closes the full-screen picture, not the screen.
  useBackCloses(open, () => setOpen(false), 'promo-zoom');
  return (
    <Page title={t('routes.gamePromotion')} back={false}>
      <section className="promo">
        <h1 className="promo-name">Lucky28</h1>
        <button type="button" className="promo-image" onClick={() => setOpen(true)} aria-label={t('promotion.open')} data-testid="promo-image">
          <img src={PROMO_IMAGE} alt={t('promotion.alt')} width={750} height={1000} />
        </button>
        <p className="promo-hint">{t('promotion.hint')}</p>
        <Link to="/actionCenter" className="promo-link">
          {t('routes.actionCenter')}
        </Link>
      </section>
      {open && <ZoomOverlay src={PROMO_IMAGE} alt={t('promotion.alt')} onClose={() => setOpen(false)} />}
    </Page>
  );
}
