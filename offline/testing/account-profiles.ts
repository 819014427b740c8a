/** Maria's account as `GET /api/account/profile` gives it (the offline service's seed). */
export const MARIA_PROFILE = {
  document: '52998224725',
  name: 'Maria Aparecida Santos',
  email: 'maria.santos@exemplo.com.br',
  cellphone: '11987654321',
  phone: '1133224455',
  zipCode: '01310200',
  address: 'Avenida Paulista',
  number: '1578',
  addressDetail: 'Apto 84',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
}
