// The async boundary lets the federation runtime settle the shared singletons before any import.
import('./standalone');
