import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { type SearchResult } from '../../domain/contract/search';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import {
  createDebouncer,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_WAIT_MS,
  SEARCH_MIN_LENGTH,
  searchResultTarget,
  type SearchResultTarget,
} from '../../domain/search';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import './shell.css';

export type SearchFn = (text: string, signal: AbortSignal) => Promise<SearchResult[]>;

export interface GlobalSearchProps {
  search: SearchFn;
  onNavigate: (target: SearchResultTarget) => void;
  lang: Lang;
  imageUrl: (path: string) => string;
}

const TYPE_ORDER: SearchResult['type'][] = ['event', 'trainer', 'academy'];

/**
 * The header's search: an inline combobox on wide screens; on narrower ones (phones, a portrait kiosk) a
 * search button that opens the same combobox in a full-screen dialog. CSS decides which of the two shows.
 */
export function GlobalSearch(props: GlobalSearchProps) {
  const { t } = useTranslation('shell');
  const [dialogOpen, setDialogOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="shell-search">
      <SearchCombobox {...props} className="shell-search__inline" />
      <Button
        variant="ghost"
        className="shell-icon-button shell-search__open"
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        onClick={() => setDialogOpen(true)}
      >
        <Icon name="search" />
      </Button>
      <Dialog
        open={dialogOpen}
        title={t('search.label')}
        onClose={() => setDialogOpen(false)}
        size="full"
        initialFocusRef={inputRef}
        className="shell-search__dialog"
      >
        <SearchCombobox {...props} inputRef={inputRef} onChosen={() => setDialogOpen(false)} />
      </Dialog>
    </div>
  );
}

interface SearchComboboxProps extends GlobalSearchProps {
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChosen?: () => void;
}

function SearchCombobox({ search, onNavigate, lang, imageUrl, className, inputRef, onChosen }: SearchComboboxProps) {
  const { t } = useTranslation('shell');
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [text, setText] = useState('');
  /** null: nothing to show (too short, not answered yet, or the search failed). */
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [pending, setPending] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  const searchRef = useRef(search);
  const requestRef = useRef<AbortController | null>(null);
  useEffect(() => {
    searchRef.current = search;
  });

  const [debouncer] = useState(() =>
    createDebouncer<string>(
      (query) => {
        requestRef.current?.abort();
        const request = new AbortController();
        requestRef.current = request;
        setPending(true);
        searchRef.current(query, request.signal).then(
          (found) => {
            if (request.signal.aborted) return;
            setResults(found);
            setActiveIndex(-1);
          },
          () => {
            // A failed search just shows nothing: the visitor can type on or try again.
            if (!request.signal.aborted) setResults(null);
          },
        ).finally(() => {
          if (requestRef.current === request) {
            requestRef.current = null;
            setPending(false);
          }
        });
      },
      SEARCH_DEBOUNCE_MS,
      SEARCH_MAX_WAIT_MS,
    ),
  );

  const stopSearching = () => {
    debouncer.cancel();
    requestRef.current?.abort();
    requestRef.current = null;
    setPending(false);
  };

  useEffect(
    () => () => {
      debouncer.cancel();
      requestRef.current?.abort();
    },
    [debouncer],
  );

  const ordered = results ? TYPE_ORDER.flatMap((type) => results.filter((result) => result.type === type)) : [];
  const expanded = !dismissed && results !== null;

  const onChange = (value: string) => {
    setText(value);
    setActiveIndex(-1);
    setDismissed(false);
    const query = value.trim();
    if (query.length < SEARCH_MIN_LENGTH) {
      stopSearching();
      setResults(null);
    } else {
      debouncer.push(query);
    }
  };

  const choose = (result: SearchResult) => {
    stopSearching();
    setText('');
    setResults(null);
    setActiveIndex(-1);
    onNavigate(searchResultTarget(result));
    onChosen?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = ordered.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!expanded) {
          setDismissed(false);
          setActiveIndex(down ? 0 : count - 1);
        } else if (down) {
          setActiveIndex(activeIndex + 1 >= count ? 0 : activeIndex + 1);
        } else {
          setActiveIndex(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        }
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const active = expanded ? ordered[activeIndex] : undefined;
        if (active) choose(active);
        else debouncer.flush();
        return;
      }
      case 'Escape': {
        if (expanded) {
          setDismissed(true);
          setActiveIndex(-1);
        } else if (text !== '') {
          stopSearching();
          setText('');
          setResults(null);
        } else {
          return;
        }
        // Consumed here, so a surrounding dialog stays open while the list or text is cleared.
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      default:
    }
  };

  const activeId = expanded && activeIndex >= 0 && activeIndex < ordered.length ? optionId(activeIndex) : undefined;

  return (
    <div className={className ? `shell-combobox ${className}` : 'shell-combobox'}>
      <div className="shell-combobox__field">
        <Icon name="search" className="shell-combobox__icon" />
        <TextField
          label={t('search.label')}
          hideLabel
          name="search"
          type="search"
          value={text}
          onChange={onChange}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
          onFocus={() => setDismissed(false)}
          inputRef={inputRef}
          maxLength={100}
        />
        {pending ? (
          <span className="shell-combobox__pending">
            <Spinner />
          </span>
        ) : null}
      </div>
      <div className="shell-combobox__popup" hidden={!expanded}>
        <div id={listboxId} role="listbox" aria-label={t('search.label')} hidden={ordered.length === 0}>
          {TYPE_ORDER.map((type) => {
            const group = ordered.filter((result) => result.type === type);
            if (group.length === 0) return null;
            const groupLabelId = `${baseId}-group-${type}`;
            return (
              <div key={type} role="group" aria-labelledby={groupLabelId} className="shell-combobox__group">
                <div id={groupLabelId} role="presentation" className="shell-combobox__group-label">
                  {t(`search.group.${type}`)}
                </div>
                {group.map((result) => {
                  const index = ordered.indexOf(result);
                  const description = localized(result, 'description', lang);
                  return (
                    <div
                      key={`${result.type}-${result.id}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      className="shell-combobox__option"
                      // Keeps focus in the field, so choosing by touch or mouse does not first close the list.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(result)}
                    >
                      {result.image_path ? (
                        <img
                          className="shell-combobox__image"
                          src={imageUrl(result.image_path)}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                          decoding="async"
                        />
                      ) : (
                        <span className="shell-combobox__image shell-combobox__image--empty" aria-hidden="true">
                          <Icon name="search" />
                        </span>
                      )}
                      <span className="shell-combobox__text">
                        <span className="shell-combobox__name">
                          <bdi>{localized(result, 'name', lang)}</bdi>
                        </span>
                        {description ? (
                          <span className="shell-combobox__description">
                            <bdi>{description}</bdi>
                          </span>
                        ) : null}
                      </span>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        {results !== null && results.length === 0 ? <p className="shell-combobox__empty">{t('search.noResults')}</p> : null}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('search.results', { count: ordered.length }) : ''}
      </div>
    </div>
  );
}
