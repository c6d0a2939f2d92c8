import { useMemo, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';
// antd App's own rules (.ant-app: the text colour, size and font the screens inherit).
import 'antd/es/app/style';
import { ANTD_CSS_VAR_KEY } from '../../lib/antd-css-var-key.ts';

/**
 * What antd's App gives the admin screens, less what they never use: `App.useApp()` answers the modal
 * hooks (every caller takes `modal`; toasts are components/toast-host.tsx), in antd's App element and
 * class. antd's App also mounted the message and notification holders, whose first render and layout
 * effects were a good part of the first screen's commit on a phone.
 */
export function ModalApp({ className, children }: { className?: string; children: ReactNode }) {
  const [modal, modalHolder] = useModal();
  const value = useMemo(
    (): useAppProps => ({ message: {} as useAppProps['message'], notification: {} as useAppProps['notification'], modal }),
    [modal],
  );
  return (
    <AppContext.Provider value={value}>
      <div className={`ant-app ${ANTD_CSS_VAR_KEY}${className ? ` ${className}` : ''}`}>
        {modalHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}
