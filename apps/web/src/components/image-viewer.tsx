import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import ZoomInOutlined from '@ant-design/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/ZoomOutOutlined';
import ExpandOutlined from '@ant-design/icons/ExpandOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import { IMAGE_VIEWER } from '@bo/shared/schemas/photo';
import { addTranslations } from '../i18n/index.ts';
import './image-viewer.css';

addTranslations('viewer', {
  'zh-TW': {
    close: '關閉',
    previous: '上一張',
    next: '下一張',
    zoomIn: '放大',
    zoomOut: '縮小',
    fit: '符合畫面',
    play: '自動播放',
    pause: '暫停播放',
    counter: '第 {{n}} 張，共 {{total}} 張',
    label: '圖片檢視器',
  },
  'en-US': {
    close: 'Close',
    previous: 'Previous',
    next: 'Next',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit to screen',
    play: 'Play slideshow',
    pause: 'Pause slideshow',
    counter: '{{n}} of {{total}}',
    label: 'Image viewer',
  },
});

export interface ViewerImage {
  src: string;
  /** WebP of the same picture, preferred when the browser takes it. */
  webpSrc?: string;
  title?: string;
  alt?: string;
  width: number;
  height: number;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  /** Index of the open image; null when closed. */
  index: number | null;
  onIndexChange(index: number | null): void;
}

const clampZoom = (z: number) => Math.min(IMAGE_VIEWER.maxZoom, Math.max(IMAGE_VIEWER.minZoom, z));
/** One zoom step: ×1.1 in, ×0.9 out (ratio 0.1), kept within 0.01–100. */
export const zoomStep = (scale: number, direction: 1 | -1) => clampZoom(scale * (1 + direction * IMAGE_VIEWER.zoomRatio));

/** Scale at which the image covers `initialCoverage` (0.9) of the screen, never above natural size. */
function fitScale(img: ViewerImage): number {
  const w = window.innerWidth * IMAGE_VIEWER.initialCoverage;
  const h = (window.innerHeight - 112) * IMAGE_VIEWER.initialCoverage;
  return clampZoom(Math.min(1, w / img.width, h / img.height));
}

/**
 * Full-screen image viewer with the numbers of spec section 9: opens at 90 % coverage, zooms by
 * a ratio of 0.1 per step between 0.01 and 100, plays a slideshow every 5000 ms. Keys: Esc, ←, →, +, −, 0.
 */
export function ImageViewer({ images, index, onIndexChange }: ImageViewerProps) {
  const { t } = useTranslation('viewer');
  const img = index === null ? null : images[index];
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);

  const fit = useCallback(() => {
    if (!img) return;
    setScale(fitScale(img));
    setOffset({ x: 0, y: 0 });
  }, [img]);
  useEffect(fit, [fit]);

  const go = useCallback(
    (delta: number) => {
      if (index === null || images.length === 0) return;
      onIndexChange((index + delta + images.length) % images.length);
    },
    [index, images.length, onIndexChange],
  );
  const zoom = useCallback((direction: 1 | -1) => setScale((s) => zoomStep(s, direction)), []);
  const close = useCallback(() => {
    setPlaying(false);
    onIndexChange(null);
  }, [onIndexChange]);

  useEffect(() => {
    if (!playing || images.length < 2) return;
    const timer = setInterval(() => go(1), IMAGE_VIEWER.slideshowIntervalMs);
    return () => clearInterval(timer);
  }, [playing, go, images.length]);

  useEffect(() => {
    if (!img) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === '+' || e.key === '=') zoom(1);
      else if (e.key === '-') zoom(-1);
      else if (e.key === '0') fit();
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [img, close, go, zoom, fit]);

  if (!img || index === null) return null;

  const onPointerDown = (e: ReactPointerEvent) => {
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag.current) return;
    setOffset({ x: drag.current.ox + e.clientX - drag.current.x, y: drag.current.oy + e.clientY - drag.current.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const tool = (label: string, icon: React.ReactNode, onClick: () => void, testId: string, disabled = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        className="viewer-tool"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      />
    </Tooltip>
  );

  return createPortal(
    <div className="image-viewer" role="dialog" aria-modal="true" aria-label={t('label')} data-testid="image-viewer">
      <div className="viewer-bar">
        <span className="viewer-title" title={img.title}>
          {img.title || img.alt || ''}
        </span>
        <span className="viewer-counter" data-testid="viewer-counter">
          {t('counter', { n: index + 1, total: images.length })}
        </span>
        <span className="viewer-zoom">{Math.round(scale * 100)}%</span>
        {tool(t('close'), <CloseOutlined />, close, 'viewer-close')}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging and wheel zoom are pointer conveniences; the dialog's keys (arrows, +, -, 0) and the toolbar buttons do the same from the keyboard */}
      <div
        className="viewer-stage"
        onWheel={(e) => zoom(e.deltaY < 0 ? 1 : -1)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={fit}
      >
        <picture>
          {img.webpSrc ? <source srcSet={img.webpSrc} type="image/webp" /> : null}
          <img
            key={img.src}
            src={img.src}
            alt={img.alt ?? img.title ?? ''}
            width={img.width}
            height={img.height}
            draggable={false}
            data-testid="viewer-image"
            style={{ transform: `translate(-50%, -50%) translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
          />
        </picture>
      </div>
      <div className="viewer-tools">
        {tool(t('previous'), <LeftOutlined />, () => go(-1), 'viewer-prev', images.length < 2)}
        {tool(t('zoomOut'), <ZoomOutOutlined />, () => zoom(-1), 'viewer-zoom-out')}
        {tool(t('fit'), <ExpandOutlined />, fit, 'viewer-fit')}
        {tool(t('zoomIn'), <ZoomInOutlined />, () => zoom(1), 'viewer-zoom-in')}
        {tool(
          playing ? t('pause') : t('play'),
          playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />,
          () => setPlaying((p) => !p),
          'viewer-play',
          images.length < 2,
        )}
        {tool(t('next'), <RightOutlined />, () => go(1), 'viewer-next', images.length < 2)}
      </div>
    </div>,
    document.body,
  );
}
