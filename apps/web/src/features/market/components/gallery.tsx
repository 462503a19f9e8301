import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiteIcon } from '../../../components/lite/icons';
import { ProjectCover } from '../../../components/project-card';
import { useOpenedOnce } from '../../../lib/use-opened-once';

const GalleryPreview = lazy(() => import('./gallery-preview'));

/** The details page images: a large view with previous / next, thumbnails, and a zoomable preview. */
export function Gallery({ images, name, id }: { images: string[]; name: string; id: number }) {
  const { t } = useTranslation('market');
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState(false);
  // the preview's code loads with the first click and stays mounted after (its closing animation)
  const opened = useOpenedOnce(preview);
  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? '';
  const step = (d: number) => setIndex((i) => (i + d + count) % count);

  return (
    <section className="xr-gallery" aria-label={t('details.images')}>
      <div className="xr-gallery__stage">
        <button
          type="button"
          className="xr-gallery__open"
          onClick={() => {
            if (count) setPreview(true);
          }}
          aria-label={t('details.zoom')}
        >
          <ProjectCover src={current} name={name} id={id} className="xr-gallery__cover" />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="xr-gallery__nav is-prev"
              onClick={() => step(-1)}
              aria-label={t('details.prevImage')}
            >
              <LiteIcon name="left" />
            </button>
            <button type="button" className="xr-gallery__nav is-next" onClick={() => step(1)} aria-label={t('details.nextImage')}>
              <LiteIcon name="right" />
            </button>
            <span className="xr-gallery__count">
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="xr-gallery__thumbs">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              className={`xr-gallery__thumb${i === index ? ' is-active' : ''}`}
              onClick={() => setIndex(i)}
              aria-label={t('details.imageN', { n: i + 1 })}
              aria-current={i === index}
            >
              <ProjectCover src={src} name={`${name} ${i + 1}`} id={id + i} />
            </button>
          ))}
        </div>
      ) : null}
      {count && opened ? (
        <Suspense fallback={null}>
          <GalleryPreview images={images} open={preview} current={index} onOpenChange={setPreview} onChange={setIndex} />
        </Suspense>
      ) : null}
    </section>
  );
}
