import { useCallback, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router';
import AntApp from 'antd/es/app';
import type { ButtonProps } from 'antd/es/button';
import { confirmLeave, hasUnsavedChanges, setDefaultLeaveConfirm } from '../lib/unsaved-changes.ts';
import { getToken } from '../lib/token-store.ts';

/**
 * Holds a navigation to another screen while the one on screen has unsaved work, and asks
 * (links, the menu, the browser's Back and Forward). Changes of the query or hash only (filters,
 * a drawer in the URL) stay on the screen and pass. Once signed out nothing is held: the work
 * cannot be saved any more and sign-in must not be blocked.
 */
function RouterBlocker() {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && !!getToken() && hasUnsavedChanges(),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirmLeave('navigation').then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker]);
  return null;
}

/**
 * The shell's "unsaved changes" question, mounted once in the admin layout: the dialog every
 * guard uses unless its screen brings its own, and the router's blocker. The blocker needs a data
 * router; under a plain <Router> (unit tests) only the dialog is set.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    setDefaultLeaveConfirm(
      () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('unsaved.title'),
            content: t('unsaved.content'),
            okText: t('unsaved.leave'),
            cancelText: t('unsaved.stay'),
            okButtonProps: { danger: true, 'data-testid': 'unsaved-leave' } as ButtonProps,
            cancelButtonProps: { 'data-testid': 'unsaved-stay' } as ButtonProps,
            rootClassName: 'unsaved-changes-confirm',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    );
    return () => setDefaultLeaveConfirm(null);
  }, [modal, t]);
  return dataRouter ? <RouterBlocker /> : null;
}
