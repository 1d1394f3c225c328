import NextLink from 'next/link';
import type { Cart, MenuItem, UnionBrand } from '@/lib/bff/types';
import { AccountMenu } from '@/components/layout/AccountMenu';
import { LogoMark } from '@/components/common/LogoMark';
import { SearchToggle } from '@/components/search/SearchToggle';
import { UnionLogo } from '@/components/unions/UnionLogo';
import { DesktopMenu } from './DesktopMenu';
import { HeaderCart } from './HeaderCart';
import { MobileMenu } from './MobileMenu';
import styles from './Header.module.css';

interface HeaderProps {
  /** Missing when the site chrome could not be loaded; the header then offers only a way home. */
  productName?: string;
  menu: MenuItem[];
  /** Only the brand: no account menu, no search (a popup that keeps the member on one task). */
  bare?: boolean;
  /** The reader's cart as the server read it, for the cart link (shown while it holds something). */
  cart?: Cart;
  /** The union the reader chose: its logo stands beside the site's, linked to the union's site. */
  union?: UnionBrand;
}

export function Header({ productName, menu, bare = false, cart, union }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <NextLink href="/" className={styles.brand}>
          <LogoMark />
          {productName ? <span>{productName}</span> : <span className="visually-hidden">Home</span>}
        </NextLink>
        {union?.logo && (
          <div className={styles.union} data-header-union="">
            <UnionLogo union={union} className={styles.unionLogo} linkClassName={styles.unionLink} />
          </div>
        )}
        {!bare && (
          <div className={styles.tools}>
            <AccountMenu variant="bar" hasMobileMenu={menu.length > 0} />
            <HeaderCart initial={cart} />
            <SearchToggle />
            {menu.length > 0 && <MobileMenu items={menu} account={<AccountMenu variant="panel" />} />}
          </div>
        )}
      </div>
      {/* A bar of its own, so a long menu keeps one line and the logo row has room for more. */}
      {menu.length > 0 && <DesktopMenu items={menu} />}
    </header>
  );
}
