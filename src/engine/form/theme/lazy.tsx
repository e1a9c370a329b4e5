/**
 * Widgets (and the array field) that most forms do not use are split out of the first-load bundle
 * and loaded on demand. A form waits for the ones its flow needs before it shows
 * (`widgetsLoading`, for React's `use`): it appears whole, never a field that fills in a moment
 * later and pushes the page down.
 *
 * Not with React.lazy: a lazy component suspends on its first render even when its module is
 * already here (it learns that from a promise), and React reveals a suspended part up to 300 ms
 * after the rest of the form. Here a part whose code has arrived is drawn in the same render.
 */
import { Suspense, use, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FormFlow, WidgetName } from '../flow';

/** A widget, or `array`: RJSF's array field, for flow fields with `array` options. */
type PartName = WidgetName | 'array';

/** Each part's loader, and whether its code has arrived (the part itself knows). */
const parts: Partial<Record<PartName, { load: () => Promise<unknown>; ready: () => boolean }>> = {};
const loading = new Map<string, Promise<void>>();

/** A component whose code is loaded by `load` (export `exportName`) the first time it is needed. */
export function lazyPart<Props extends object>(
  name: PartName,
  load: () => Promise<Record<string, unknown>>,
  exportName: string,
): ComponentType<Props> {
  let component: ComponentType<Props> | undefined;
  // One promise while loading, as `use` needs; forgotten when it fails, so a later need tries again.
  let pending: Promise<ComponentType<Props>> | undefined;
  const loadComponent = (): Promise<ComponentType<Props>> => {
    pending ??= load().then(
      (module) => {
        const found = module[exportName] as ComponentType<Props> | undefined;
        if (!found) throw new Error(`module of ${name} has no export ${exportName}`);
        component = found;
        return found;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  parts[name] = { load: loadComponent, ready: () => component !== undefined };
  function Part(props: Props) {
    const Component = component ?? use(loadComponent());
    return <Component {...props} />;
  }
  function LazyPart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${exportName})`;
  return LazyPart;
}

/** A widget whose code is loaded by `load` the first time it is needed. */
export function lazyWidget(
  name: WidgetName,
  load: () => Promise<Record<string, ComponentType<WidgetProps>>>,
  exportName: string,
): ComponentType<WidgetProps> {
  return lazyPart<WidgetProps>(name, load, exportName);
}

/**
 * Undefined once the code of every lazily loaded widget the flow uses is here; until then one
 * promise per set of widgets (the same object on every call, as `use` needs), settled when they
 * have loaded or failed (a failed one shows nothing in its field, as before it is needed).
 */
export function widgetsLoading(flow: FormFlow | undefined): Promise<void> | undefined {
  if (!flow) return undefined;
  const names = [
    ...new Set(
      Object.values(flow.fields)
        .filter((field) => field !== undefined)
        .flatMap((field): PartName[] => (field.array ? [field.widget, 'array'] : [field.widget]))
        .filter((name) => parts[name]?.ready() === false),
    ),
  ].sort();
  if (names.length === 0) return undefined;
  const key = names.join(',');
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(names.map((name) => parts[name]!.load().catch(() => undefined))).then(
      () => undefined,
    );
    loading.set(key, promise);
  }
  return promise;
}
