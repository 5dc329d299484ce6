import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../lib/web-config';
import { TrustFooter } from './trust-footer';

function pageConfig(operator: unknown) {
  document.getElementById('tyd-config')?.remove();
  const script = document.createElement('script');
  script.id = 'tyd-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ appId: 'tyd-h5', appSecret: 's', keyId: 'k', publicKey: 'p', returnOrigins: [], operator });
  document.head.append(script);
  resetWebConfig();
}

afterEach(() => {
  cleanup();
  document.getElementById('tyd-config')?.remove();
  resetWebConfig();
});

describe('trust footer', () => {
  it('shows the configured operator, licence, filing and a callable service phone', () => {
    pageConfig({
      name: '某某科技有限公司',
      licence: '网络小额贷款经营许可证 XX-0001',
      filing: '沪ICP备00000000号',
      servicePhone: '400-820-0000',
      serviceHours: '9:00-21:00',
    });
    render(<TrustFooter />);
    expect(screen.getByText('本服务由某某科技有限公司提供')).toBeTruthy();
    expect(screen.getByText('网络小额贷款经营许可证 XX-0001')).toBeTruthy();
    expect(screen.getByText('沪ICP备00000000号')).toBeTruthy();
    expect(screen.getByRole('link', { name: '400-820-0000' }).getAttribute('href')).toBe('tel:4008200000');
  });

  it('leaves out what is not configured, and never shows a value that is not text', () => {
    pageConfig({ name: '通盈达', licence: 42, servicePhone: '' });
    render(<TrustFooter />);
    expect(screen.getByText('本服务由通盈达提供')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('.trust-footer')?.textContent).toBe('本服务由通盈达提供');
  });

  it('without any page configuration shows nothing', () => {
    render(<TrustFooter />);
    expect(document.querySelector('.trust-footer')).toBeNull();
  });
});
