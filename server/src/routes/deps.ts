import type { AppConfig } from '../config';
import type { Auth } from '../http/auth';
import type { FileLinks } from '../http/file-links';
import type { Services } from '../services';

/** What every route module is given. */
export interface RouteDeps {
  services: Services;
  auth: Auth;
  config: AppConfig;
  links: FileLinks;
}
