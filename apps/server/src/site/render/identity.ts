import type { SocialNetwork } from '@bo/shared/schemas/website-settings';
import { href, type SiteContext } from '../site-context.ts';
import { html, type Html } from './html.ts';
import { picture } from './images.ts';
import { groupedPhone } from '@bo/shared/phone';

/*
 * The company's identity on every page (website settings, issue 26): the brand in the header, and the
 * footer with the name, tagline, contact details, social links and footer text.
 */

const NETWORK_NAMES: Record<Exclude<SocialNetwork, 'other'>, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  line: 'LINE',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** The home link: the logo (its alt empty, the name beside it says the same) and the company's name. */
export function brand(ctx: SiteContext): Html {
  const { site } = ctx;
  const logo = site.logo ? picture(site.logo, { sizes: '160px', alt: '', eager: true, max: 'small', className: 'logo' }) : '';
  return html`<a class="brand${site.logo ? ' with-logo' : ''}" href="${href(ctx, '/')}">${logo}<span>${site.company_name}</span></a>`;
}

const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The footer's company block: name, tagline, contact, social links, footer text. */
export function footerIdentity(ctx: SiteContext): Html {
  const { site, t } = ctx;
  const contact = [
    site.address ? html`<li>${site.address}</li>` : '',
    site.phone ? html`<li><a href="${telHref(site.phone)}">${t.phoneLine(groupedPhone(site.phone))}</a></li>` : '',
    site.email ? html`<li><a href="mailto:${site.email}">${site.email}</a></li>` : '',
  ].filter(Boolean);
  return html`<div class="footer-identity">
<p class="footer-name">${site.company_name}</p>
${site.tagline ? html`<p>${site.tagline}</p>` : ''}
${contact.length ? html`<address><ul class="footer-contact">${contact}</ul></address>` : ''}
${
  site.social_links.length
    ? html`<ul class="social" aria-label="${t.social}">${site.social_links.map((l) => {
        const name = l.network === 'other' ? new URL(l.url).hostname : NETWORK_NAMES[l.network];
        return html`<li><a href="${l.url}" rel="noopener me">${name}</a></li>`;
      })}</ul>`
    : ''
}
${site.footer_text ? html`<p class="footer-text">${site.footer_text}</p>` : ''}
</div>`;
}
