/** Which page of a list a caller asks for, its defaults already filled in by the route's schema. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The same page as rows to skip and rows to take, as a query asks for them. */
export interface Page {
  limit: number;
  offset: number;
}
