/** The address the public pages give for the publisher and for requests about personal data. */
export const contactEmail = 'contact@vitrine.example';
