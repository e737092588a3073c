import { dismissError, useErrors } from '../state/errors';

/** Problems the person should know about, each until dismissed. */
export function ErrorBanner() {
  const errors = useErrors((state) => state.errors);
  if (errors.length === 0) return null;
  return (
    <div className="banners">
      {errors.map((error) => (
        <div key={error.id} className="banner error" role="alert">
          <span>{error.message}</span>
          <button type="button" className="button small" onClick={() => dismissError(error.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
