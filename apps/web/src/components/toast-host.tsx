import { useEffect } from 'react';
import notification from 'antd/es/notification';
import { attachToastSink, TOAST_DEFAULTS, toastSpeed } from '../lib/toast.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';

/** Toast area at the bottom right with section 9's defaults (size, duration, animation speed). */
export default function ToastHost() {
  const reducedMotion = useReducedMotion();
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    maxCount: TOAST_DEFAULTS.maxCount,
    duration: TOAST_DEFAULTS.duration / 1000,
    pauseOnHover: true,
    stack: false,
  });
  useEffect(() => {
    attachToastSink({
      open: (type, o) =>
        api[type]({
          key: o.key,
          title: o.title,
          description: o.description,
          duration: o.duration === false ? 0 : (o.duration ?? TOAST_DEFAULTS.duration) / 1000,
          pauseOnHover: o.pauseOnHover ?? true,
          onClose: o.onClose,
          // Spec section 4: a toast closes on click.
          onClick: () => {
            o.onClick?.();
            api.destroy(o.key);
            o.onClose();
          },
          // Inline, so it wins over antd's transition (motionDurationMid, 200 ms): section 9's speed.
          style: { width: TOAST_DEFAULTS.width, transitionDuration: `${reducedMotion ? 0 : toastSpeed(o)}ms` },
          className: `bo-toast bo-toast-${type}`,
          props: { 'data-testid': `toast-${type}` },
        }),
      destroy: (key) => api.destroy(key),
    });
    return () => attachToastSink(null);
  }, [api, reducedMotion]);
  return holder;
}
