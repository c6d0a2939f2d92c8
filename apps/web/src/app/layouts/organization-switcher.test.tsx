import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OrganizationSwitcher } from './organization-switcher.tsx';

const organizations = [
  { id: 1, name: 'Alpha Construction', company_id: '12345678' },
  { id: 2, name: 'Beta Builders', company_id: '87654321' },
];
vi.mock('../../lib/session.ts', () => ({
  organizationLabel: (o: { name: string; company_id: string }) => `${o.name} (${o.company_id})`,
  useActiveOrganization: () => ({ organization: organizations[0], organizations, switchTo: vi.fn() }),
}));

describe('OrganizationSwitcher', () => {
  it("shows the active organization in antd's closed select, and a press opens the real select", async () => {
    render(<OrganizationSwitcher />);
    const closed = screen.getByTestId('organization-switcher');
    expect(closed.className).toContain('ant-select');
    expect(closed.textContent).toBe('Alpha Construction (12345678)');
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseDown(closed);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    expect(screen.getByTestId('organization-switcher').textContent).toContain('Alpha Construction (12345678)');
  });
});
