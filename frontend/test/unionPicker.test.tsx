import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisibleUnion } from '@/lib/bff/types';
import { ContentPage } from '@/components/page/ContentPage';
import { UnionPicker } from '@/components/unions/UnionPicker';
import { UnionPickerHost } from '@/components/unions/UnionPickerHost';
import { matchCount, matchUnions } from '@/components/unions/unionSearch';
import { homePage } from './examples';
import { renderWithSession, SIGNED_IN, VISITOR } from './session';

vi.mock('next/navigation', async () => (await import('./navigationMock')).navigationMock);

// components/unions (issue 36): the union picker a visitor with no union meets before the union
// pages, and the sign-up forms that preselect only a union the visitor chose.

const UNIONS: VisibleUnion[] = [
  { id: '33', unionLabel: 'American Federation of State, County and Municipal Employees (AFSCME)' },
  { id: '41', unionLabel: 'American Federation of Teachers (AFT)' },
  { id: '37', unionLabel: 'Communications Workers of America (CWA)' },
  { id: '45', unionLabel: 'International Association of Fire Fighters (IAFF)' },
  { id: '44', unionLabel: 'International Brotherhood of Electrical Workers (IBEW)' },
  { id: '47', unionLabel: 'National Education Association (NEA)' },
  { id: '58', unionLabel: 'Service Employees International Union (SEIU)' },
  { id: '61', unionLabel: 'United Auto Workers (UAW)' },
  { id: '64', unionLabel: 'United Food and Commercial Workers (UFCW)' },
  { id: '52', unionLabel: 'United Steelworkers (USW)' },
  { id: '70', unionLabel: 'Unión de Trabajadores Agrícolas (UTA)' },
];

const ids = (unions: VisibleUnion[]) => unions.map((u) => u.id);

// jsdom has no modal dialogs: enough of one for the picker to open and close.
const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeAll(() => {
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  delete proto.showModal;
  delete proto.close;
});

describe('matchUnions', () => {
  it('finds a union by part of its name or by its short name, in any case', () => {
    expect(ids(matchUnions(UNIONS, 'teach'))).toEqual(['41']);
    expect(ids(matchUnions(UNIONS, 'cwa'))).toEqual(['37']);
    expect(ids(matchUnions(UNIONS, 'SEIU'))).toEqual(['58']);
    expect(ids(matchUnions(UNIONS, 'fire fight'))).toEqual(['45']);
  });

  it('takes the words typed in any order, ignoring accents and punctuation', () => {
    expect(ids(matchUnions(UNIONS, 'workers auto'))).toEqual(['61']);
    expect(ids(matchUnions(UNIONS, 'union de trabajadores'))).toEqual(['70']);
    expect(ids(matchUnions(UNIONS, 'state, county'))).toEqual(['33']);
  });

  it('lists names with a word starting with the search before names merely containing it', () => {
    // 'steel' begins a word only of nothing; 'work' begins Workers, and is inside Steelworkers.
    expect(ids(matchUnions(UNIONS, 'work'))).toEqual(['37', '44', '61', '64', '52']);
  });

  it('finds a union by its id, lists all for an empty search and none for a stranger', () => {
    expect(ids(matchUnions(UNIONS, '52'))).toEqual(['52']);
    expect(ids(matchUnions(UNIONS, '  '))).toEqual(ids(UNIONS));
    expect(matchUnions(UNIONS, 'teamsters')).toEqual([]);
  });

  it('filters hundreds of unions fast enough for every keystroke', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: String(i), unionLabel: `Local ${i} of the Allied Trades Union (AT${i})` }));
    const start = performance.now();
    for (const search of ['a', 'al', 'all', 'alli', 'allied t', 'at49']) matchUnions(many, search);
    expect(performance.now() - start).toBeLessThan(50);
    expect(ids(matchUnions(many, 'at499'))).toEqual(['499']);
  });

  it('words the count of matches for the live region', () => {
    expect(matchCount(11, false)).toBe('11 unions to choose from.');
    expect(matchCount(1, true)).toBe('1 union matches your search.');
    expect(matchCount(3, true)).toBe('3 unions match your search.');
    expect(matchCount(0, true)).toBe('No union matches your search.');
  });
});

function renderPicker(page: '/union-member-benefits' | '/union-member-eligibility' = '/union-member-benefits') {
  const navigate = vi.fn();
  const onClose = vi.fn();
  render(<UnionPicker page={page} unions={UNIONS} navigate={navigate} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Find your union' });
  const input = within(dialog).getByRole('combobox', { name: 'Union name or short name' });
  return { dialog, input, navigate, onClose };
}

const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('UnionPicker', () => {
  it('opens as a modal dialog with the search focused, listing every union', () => {
    const { dialog, input } = renderPicker();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(input);
    const list = within(dialog).getByRole('listbox', { name: 'Unions' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getAllByRole('option')).toHaveLength(UNIONS.length);
    expect(within(dialog).getByRole('status').textContent).toBe('11 unions to choose from.');
  });

  it('filters as the visitor types and says how many match', () => {
    const { dialog, input } = renderPicker();
    fireEvent.change(input, { target: { value: 'united' } });
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'United Auto Workers (UAW)',
      'United Food and Commercial Workers (UFCW)',
      'United Steelworkers (USW)',
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe('3 unions match your search.');
    fireEvent.change(input, { target: { value: 'teamsters' } });
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).getByRole('status').textContent).toBe('No union matches your search.');
  });

  it('moves through the matches with the arrows, wrapping, and chooses with Enter', () => {
    const { input, navigate } = renderPicker();
    fireEvent.change(input, { target: { value: 'united' } });
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toBe('United Auto Workers (UAW)');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toBe('United Food and Commercial Workers (UFCW)');
    expect(screen.getByRole('option', { name: 'United Auto Workers (UAW)' }).getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)?.textContent).toBe('United Steelworkers (USW)'); // from the first to the last
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toBe('United Auto Workers (UAW)'); // and back round
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/union-member-benefits?union=61');
    expect(screen.getByRole('status').textContent).toBe('Opening United Auto Workers (UAW)…');
  });

  it('chooses the only match with Enter alone, and nothing while several match and none is active', () => {
    const { input, navigate } = renderPicker('/union-member-eligibility');
    fireEvent.change(input, { target: { value: 'american' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'american teachers' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/union-member-eligibility?union=41');
  });

  it('a new search starts from no active option', () => {
    const { input } = renderPicker();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).not.toBeNull();
    fireEvent.change(input, { target: { value: 'c' } });
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('chooses a union with a click', () => {
    const { navigate } = renderPicker();
    fireEvent.click(screen.getByRole('option', { name: 'National Education Association (NEA)' }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/union-member-benefits?union=47');
  });

  it('Escape empties the search first, and keeps the dialog open', () => {
    const { dialog, input, onClose } = renderPicker();
    fireEvent.change(input, { target: { value: 'cwa' } });
    const escape = fireEvent.keyDown(input, { key: 'Escape' });
    expect(escape).toBe(false); // default prevented: the dialog's own Escape does not close it
    expect((input as HTMLInputElement).value).toBe('');
    expect(within(dialog).getAllByRole('option')).toHaveLength(UNIONS.length);
    expect(onClose).not.toHaveBeenCalled();
    // With nothing typed, Escape is left to the dialog, which closes.
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(true);
  });

  it('closes with its close button', () => {
    const { dialog, onClose } = renderPicker();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('UnionPickerHost', () => {
  /** A page with the shell's picker host and a link to a union page, as a hero draws one. */
  function renderPage(href: string, unionChosen: boolean, session = { ...VISITOR, visibleUnions: UNIONS }) {
    renderWithSession(
      <>
        <a href={href}>Find your union&rsquo;s benefits</a>
        <UnionPickerHost unionChosen={unionChosen} />
      </>,
      session,
    );
    return screen.getByRole('link', { name: /Find your union/ });
  }

  it('asks a visitor with no union which is theirs instead of following the link, and gives the focus back', async () => {
    const link = renderPage('/union-member-benefits', false);
    link.focus();
    const click = fireEvent.click(link);
    expect(click).toBe(false); // the link is not followed
    // The picker's code is loaded by this first click; the dialog follows.
    const dialog = await screen.findByRole('dialog', { name: 'Find your union' });
    expect(within(dialog).getAllByRole('option')).toHaveLength(UNIONS.length);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The modal gives the focus back once it has left the document.
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('asks before the eligibility page too', async () => {
    fireEvent.click(renderPage('/union-member-eligibility', false));
    expect(await screen.findByRole('dialog', { name: 'Find your union' })).toBeTruthy();
  });

  it('lets a visitor who chose a union, a member, a link naming a union and a new-tab click go straight there', () => {
    for (const [href, chosen, session, init] of [
      ['/union-member-benefits', true, VISITOR, {}],
      ['/union-member-benefits', false, SIGNED_IN, {}],
      ['/union-member-benefits?union=37', false, VISITOR, {}],
      ['/union-member-benefits', false, VISITOR, { ctrlKey: true }],
      ['/about-us', false, VISITOR, {}],
    ] as const) {
      const link = renderPage(href, chosen, session);
      // What the link's click would do once every handler had its say; jsdom itself cannot navigate.
      let followed = false;
      const follow = (event: MouseEvent) => {
        followed = !event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', follow);
      act(() => {
        fireEvent.click(link, init);
      });
      document.removeEventListener('click', follow);
      expect(followed, `${href} ${chosen} ${session.signedIn}`).toBe(true);
      expect(screen.queryByRole('dialog')).toBeNull();
      document.body.innerHTML = '';
    }
  });
});

describe('the sign-up forms of a content page', () => {
  const unionSelect = () => screen.getByRole('combobox', { name: 'Union' }) as HTMLSelectElement;
  const withPromo = () => {
    const page = homePage();
    page.hero.emailPromo = { headline: 'Get member news first' };
    page.union = { id: '58', name: 'Service Employees International Union', shortName: 'SEIU', label: 'Service Employees International Union (SEIU)' };
    return page;
  };
  const sessionWith58 = { ...VISITOR, visibleUnions: UNIONS };

  it('preselect no union for a visitor who chose none: the fallback union is nobody’s choice', () => {
    renderWithSession(<ContentPage page={withPromo()} />, sessionWith58);
    expect(unionSelect().value).toBe('');
  });

  it('preselect the union the visitor chose', () => {
    renderWithSession(<ContentPage page={{ ...withPromo(), unionChosen: true }} />, sessionWith58);
    expect(unionSelect().value).toBe('58');
  });
});
