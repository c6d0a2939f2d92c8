import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { CertificateExpiryTag } from './certificate-status-tag.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('zh-TW');
});
afterEach(cleanup);

describe('CertificateExpiryTag', () => {
  it('tags a superseded certificate as history, not by its own expiry', () => {
    render(<CertificateExpiryTag status="expired" superseded />);
    expect(screen.getByTestId('cert-superseded').textContent).toBe('已被新證照取代');
    expect(screen.queryByTestId('cert-status-expired')).toBeNull();
  });

  it('tags a current certificate by its expiry state', async () => {
    await i18n.changeLanguage('en-US');
    render(<CertificateExpiryTag status="expired" superseded={false} />);
    expect(screen.getByTestId('cert-status-expired').textContent).toBe('Expired');
    expect(screen.queryByTestId('cert-superseded')).toBeNull();
  });
});
