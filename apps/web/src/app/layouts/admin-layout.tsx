import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
// dayjs with its time zone, locales and 民國 picker adapter, before any admin screen formats or picks a date.
import '../../i18n/dates.ts';
import { DataProvider } from '../data-provider.tsx';
import { AntdTheme } from '../antd-theme.tsx';
// Every feature's screens and titles (the menu's labels) are registered by the admin routes' module:
// loaded with the layout, so its labels never show untranslated and its chunk does not wait for the layout's.
import '../admin-routes.tsx';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import Layout from 'antd/es/layout';
import type { MenuProps } from 'antd/es/menu';
import Button from 'antd/es/button';
import Avatar from 'antd/es/avatar';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import BugOutlined from '@ant-design/icons/BugOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { COLOR_SCHEME_PREFERENCES, setColorSchemePreference, useColorScheme, type ColorSchemePreference } from '../../lib/color-scheme.ts';
import { useSession } from '../../lib/session.ts';
import { useAppConfig, useSiteTitle } from '../../lib/settings.ts';
import { isMobileSize, sizeClassOf, useDevice } from '../../lib/device.ts';
import { preloadable } from '../../lib/preloadable.ts';
import { DeferredDropdown } from '../../components/deferred-popup.tsx';
import { loading } from '../../lib/loading.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { confirmLeave } from '../../lib/unsaved-changes.ts';
import { visibleMenu, type VisibleMenuItem } from '../menu.ts';
import type { ScreenLoader } from '../../lib/feature.ts';
import { adminSessionUrl } from '../../lib/admin-session.ts';
import { ImpersonationBanner } from '../../features/admin/impersonation-banner.tsx';
import { VisibleMenuContext } from '../../lib/visible-menu.ts';
import { OverviewCardsContext } from '../../lib/overview-cards.ts';
import { OVERVIEW_CARDS } from '../overview-cards.ts';
import { RecordSectionsContext } from '../../lib/record-sections.ts';
import { RECORD_SECTIONS } from '../record-sections.ts';
import { OrganizationSwitcher } from './organization-switcher.tsx';
import { ModalApp } from './modal-app.tsx';

// The phone's menu drawer loads when first opened: the first screen shows only its button.
const Drawer = lazy(() => import('antd/es/drawer'));
// The menu (45 KB of CSS) loads with the drawer on a phone; beside a desktop's first screen, whose
// sider has its width before the menu fills it.
const Menu = preloadable(() => import('antd/es/menu'));
if (typeof window !== 'undefined' && !isMobileSize(sizeClassOf(window.innerWidth))) void Menu.preload();

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  bug: <BugOutlined />,
  key: <KeyOutlined />,
  folder: <FolderOutlined />,
  bank: <BankOutlined />,
  team: <TeamOutlined />,
  safety: <SafetyOutlined />,
  picture: <PictureOutlined />,
  global: <GlobalOutlined />,
  mail: <MailOutlined />,
};

const badges = new Map<ScreenLoader, ComponentType>();
/** A menu label and the count its entry declares (lazy, once per entry). */
function BadgedLabel({ label, badge }: { label: string; badge: ScreenLoader }) {
  let Badge = badges.get(badge);
  if (!Badge) {
    Badge = lazy(badge);
    badges.set(badge, Badge);
  }
  return (
    <span className="menu-label-badged">
      {label}
      <Suspense fallback={null}>
        <Badge />
      </Suspense>
    </span>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { payload, signOut } = useSession();
  const { preference } = useColorScheme();
  const name = payload?.data.name || payload?.data.email || '';
  return (
    <DeferredDropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
          {
            key: 'theme',
            icon: <BgColorsOutlined />,
            label: t('header.theme'),
            popupClassName: 'theme-menu',
            children: COLOR_SCHEME_PREFERENCES.map((p) => ({
              key: `theme:${p}`,
              label: (
                <span className="theme-option" data-testid={`theme-${p}`}>
                  {t(`header.themes.${p}`)}
                  {preference === p ? <CheckOutlined aria-hidden /> : null}
                </span>
              ),
            })),
          },
          { type: 'divider' },
          { key: 'sign-out', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
        ],
        selectable: true,
        selectedKeys: [`theme:${preference}`],
        onClick: async ({ key }) => {
          if (key === 'profile') navigate('/admin/profile');
          if (key.startsWith('theme:')) setColorSchemePreference(key.slice('theme:'.length) as ColorSchemePreference);
          if (key === 'sign-out') {
            if (!(await confirmLeave('sign-out'))) return;
            loading.show({ title: t('header.signOut') });
            try {
              await signOut();
            } finally {
              loading.hide();
            }
          }
        },
      }}
    >
      <Button type="text" className="user-menu" aria-label={t('header.userMenu')} data-testid="user-menu">
        <Avatar size="small" icon={<UserOutlined />} style={{ background: 'var(--bo-primary)' }} />
        <span className="user-name">{name}</span>
      </Button>
    </DeferredDropdown>
  );
}

/**
 * The header is sticky: its menus open inside it, so they stay under their button when the page
 * scrolls. Placed against the document, an open menu moved with the page until its next scroll
 * event realigned it, and a click that began on 登出 ended on the header and signed nobody out.
 * Every other popup (no trigger, or one outside the header) opens in the body, antd's default.
 */
const inHeader = (trigger?: HTMLElement) => trigger?.closest<HTMLElement>('.admin-header') ?? document.body;

function AdminFooter() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const year = new Date().getFullYear();
  const years = year > config.startYear ? `${config.startYear}–${year}` : String(config.startYear);
  return (
    <Layout.Footer className="admin-footer">
      <span>
        {t('footer.support')}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
      </span>
      <span>
        © {years}{' '}
        <a href={config.developerUrl} target="_blank" rel="noopener noreferrer">
          {config.appName}
        </a>{' '}
        · <span data-testid="app-version">{import.meta.env.VITE_APP_VERSION}</span>
      </span>
    </Layout.Footer>
  );
}

/**
 * Ant Design's table measure row is aria-hidden but copies the header's select-all checkbox and
 * buttons, which stay focusable (axe aria-hidden-focus, WCAG 4.1.2): made inert, it keeps its layout.
 */
function useInertTableMeasureRows() {
  useEffect(() => {
    const mark = () => {
      for (const r of document.querySelectorAll('.ant-table-measure-row:not([inert])')) r.setAttribute('inert', '');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

export default function AdminLayout() {
  useInertTableMeasureRows();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { roles } = useSession();
  const config = useAppConfig();
  const { mobile } = useDevice();
  const siteTitle = useSiteTitle();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);

  const menu = useMemo(() => visibleMenu(roles, config), [roles, config]);
  const toItems = (items: VisibleMenuItem[], parent = ''): MenuProps['items'] =>
    items.map((m) => {
      const key = m.path ?? `${parent}${m.key}`;
      const label = m.route ? t(`route.${m.route}`) : t(`menu.${m.key}`);
      if (m.children) return { key, icon: m.icon ? ICONS[m.icon] : undefined, label, children: toItems(m.children, `${m.key}/`) };
      if (m.externalPath)
        return {
          key: `external:${m.externalPath}`,
          icon: m.icon ? ICONS[m.icon] : undefined,
          label: (
            <span>
              {label} <ExportOutlined />
            </span>
          ),
        };
      return { key, icon: m.icon ? ICONS[m.icon] : undefined, label: m.badge ? <BadgedLabel label={label} badge={m.badge} /> : label };
    });
  const items = toItems(menu);
  const selected = useMemo(() => {
    const paths: string[] = [];
    const walk = (list: VisibleMenuItem[]) =>
      list.forEach((m) => {
        if (m.path) paths.push(m.path);
        if (m.children) walk(m.children);
      });
    walk(menu);
    const hit = paths
      .filter((p) => pathname === p || (p !== '/admin' && pathname.startsWith(`${p}/`)))
      .sort((a, b) => b.length - a.length)[0];
    return hit ? [hit] : [];
  }, [menu, pathname]);
  const openGroups = useMemo(
    () => menu.filter((m) => m.children?.some((c) => c.path && selected.includes(c.path))).map((m) => m.key),
    [menu, selected],
  );

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    if (key.startsWith('external:')) {
      window.open(adminSessionUrl(key.slice('external:'.length)), '_blank', 'noopener');
      return;
    }
    if (key.startsWith('/')) navigate(key);
  };

  const nav = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={openGroups}
      onClick={onMenuClick}
      className="admin-menu"
      data-testid="admin-menu"
    />
  );

  // AntdTheme: antd's theme and locale; ModalApp gives admin screens App.useApp()'s modal with the
  // theme; DataProvider the query cache.
  return (
    <AntdTheme getPopupContainer={inHeader}>
      <DataProvider>
        <ModalApp className="admin-app">
          <UnsavedChangesGuard />
          <Layout className="admin-layout">
            <Layout.Header className="admin-header">
              {mobile ? (
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  aria-label={t('menu.open')}
                  onClick={() => {
                    setDrawerOpened(true);
                    setDrawerOpen(true);
                  }}
                  data-testid="menu-open"
                />
              ) : (
                <Button
                  type="text"
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
                  onClick={() => setCollapsed((c) => !c)}
                />
              )}
              <a
                className="admin-brand"
                href="/admin"
                onClick={(e) => {
                  e.preventDefault();
                  navigate('/admin');
                }}
              >
                {siteTitle}
              </a>
              <div className="admin-header-spacer" />
              <OrganizationSwitcher />
              <LanguageSwitch compact={mobile} />
              <UserMenu />
            </Layout.Header>
            <Layout hasSider={!mobile}>
              {mobile ? (
                drawerOpened ? (
                  <Suspense fallback={null}>
                    <Drawer
                      rootClassName="admin-drawer"
                      placement="left"
                      open={drawerOpen}
                      onClose={() => setDrawerOpen(false)}
                      size={260}
                      title={siteTitle}
                      styles={{ body: { padding: 0 } }}
                    >
                      {nav}
                    </Drawer>
                  </Suspense>
                ) : null
              ) : (
                <Layout.Sider className="admin-sider" width={232} collapsible collapsed={collapsed} trigger={null} collapsedWidth={64}>
                  <Suspense fallback={null}>{nav}</Suspense>
                </Layout.Sider>
              )}
              <Layout className="admin-body">
                <ImpersonationBanner />
                <Layout.Content className="admin-content">
                  <VisibleMenuContext.Provider value={menu}>
                    <OverviewCardsContext.Provider value={OVERVIEW_CARDS}>
                      <RecordSectionsContext.Provider value={RECORD_SECTIONS}>
                        <Outlet />
                      </RecordSectionsContext.Provider>
                    </OverviewCardsContext.Provider>
                  </VisibleMenuContext.Provider>
                </Layout.Content>
                <AdminFooter />
              </Layout>
            </Layout>
          </Layout>
        </ModalApp>
      </DataProvider>
    </AntdTheme>
  );
}
