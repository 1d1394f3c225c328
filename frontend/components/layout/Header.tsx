import NextLink from 'next/link';
import type { Cart, MenuItem, UnionBrand } from '@/lib/bff/types';
import { AccountMenu } from '@/components/layout/AccountMenu';
import { Icon } from '@/components/icons/Icon';
import { SearchToggle } from '@/components/search/SearchToggle';
import { NotInPopup } from '@/components/layout/NotInPopup';
import { UnionLogo } from '@/components/unions/UnionLogo';
import { HeaderCart } from './HeaderCart';
import { MainMenu, MainMenuProvider, MenuButton } from './MainMenu';
import { menuEntries } from './priorityNav';
import styles from './Header.module.css';

interface HeaderProps {
  /** Missing when the site chrome could not be loaded; the header then offers only a way home. */
  productName?: string;
  menu: MenuItem[];
  /** The reader's cart as the server read it, for the cart link (shown while it holds something). */
  cart?: Cart;
  /** The union the reader chose: its logo stands beside the site's, linked to the union's site. */
  union?: UnionBrand;
}

/**
 * The site's header, drawn once for every width and route: a popup (the partner login) shows only
 * the brand, everything else being inside NotInPopup.
 */
export function Header({ productName, menu, cart, union }: HeaderProps) {
  const hasMenu = menu.length > 0;
  return (
    <header className={styles.header}>
      <MainMenuProvider>
        <div className={`container ${styles.inner}`}>
          <NextLink href="/" className={styles.brand}>
            <Icon name="logo" size={36} />
            {productName ? <span>{productName}</span> : <span className="visually-hidden">Home</span>}
          </NextLink>
          <NotInPopup>
            {union?.logo && (
              <div className={styles.union} data-header-union="">
                <UnionLogo union={union} className={styles.unionLogo} linkClassName={styles.unionLink} />
              </div>
            )}
            <div className={styles.tools}>
              <AccountMenu variant="bar" hasMobileMenu={hasMenu} />
              <HeaderCart initial={cart} />
              <SearchToggle />
              {hasMenu && <MenuButton />}
            </div>
          </NotInPopup>
        </div>
        {/* A bar of its own on wide screens, so a long menu keeps one line and the logo row has room for more. */}
        {hasMenu && (
          <NotInPopup>
            <MainMenu items={menuEntries(menu)} account={<AccountMenu variant="panel" />} />
          </NotInPopup>
        )}
      </MainMenuProvider>
    </header>
  );
}
