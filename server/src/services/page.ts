/** Which page of a list a caller asks for, its defaults already filled in by the route's schema. */
export interface PageRequest {
  page: number;
  limit: number;
}
