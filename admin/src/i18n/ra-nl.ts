// react-admin's own messages in Dutch: our translation of ra-language-english 5.15, with the same
// %{placeholders} and "singular |||| plural" forms. We write them ourselves rather than take
// ra-language-dutch, which is made for react-admin 4 and would install a second ra-core with it.
//
// ra-language-english types its table as TranslationMessages (any keys), so its key shape cannot be
// read from its type: RaMessages below lists the keys, and a missing or extra key here fails tsc.
// tests/unit/admin-i18n.test.ts checks that these are exactly ra-language-english's keys, with
// the same placeholders and plural forms, so a react-admin upgrade that adds a key is noticed.

type Texts<K extends string> = { readonly [P in K]: string };

/** The keys of ra-language-english 5.15 (react-admin's own messages), any text. */
export interface RaMessages {
  ra: {
    action: Texts<
      | 'add_filter'
      | 'add'
      | 'back'
      | 'bulk_actions'
      | 'cancel'
      | 'clear_array_input'
      | 'clear_input_value'
      | 'clone'
      | 'confirm'
      | 'create'
      | 'create_item'
      | 'delete'
      | 'edit'
      | 'export'
      | 'list'
      | 'refresh'
      | 'remove_filter'
      | 'remove_all_filters'
      | 'remove'
      | 'reset'
      | 'save'
      | 'search'
      | 'search_columns'
      | 'select_all'
      | 'select_all_button'
      | 'select_row'
      | 'show'
      | 'sort'
      | 'undo'
      | 'unselect'
      | 'expand'
      | 'close'
      | 'open_menu'
      | 'close_menu'
      | 'update'
      | 'move_up'
      | 'move_down'
      | 'open'
      | 'toggle_theme'
      | 'select_columns'
      | 'update_application'
    >;
    boolean: Texts<'true' | 'false' | 'null'>;
    page: Texts<'create' | 'dashboard' | 'edit' | 'error' | 'list' | 'loading' | 'not_found' | 'show' | 'empty' | 'invite' | 'access_denied' | 'authentication_error'>;
    input: {
      file: Texts<'upload_several' | 'upload_single'>;
      image: Texts<'upload_several' | 'upload_single'>;
      references: Texts<'all_missing' | 'many_missing' | 'single_missing'>;
      password: Texts<'toggle_visible' | 'toggle_hidden'>;
    };
    message: Texts<
      | 'about'
      | 'access_denied'
      | 'are_you_sure'
      | 'authentication_error'
      | 'auth_error'
      | 'bulk_delete_content'
      | 'bulk_delete_title'
      | 'bulk_update_content'
      | 'bulk_update_title'
      | 'clear_array_input'
      | 'delete_content'
      | 'delete_title'
      | 'details'
      | 'error'
      | 'invalid_form'
      | 'loading'
      | 'no'
      | 'not_found'
      | 'select_all_limit_reached'
      | 'unsaved_changes'
      | 'yes'
      | 'placeholder_data_warning'
    >;
    navigation: Texts<
      | 'clear_filters'
      | 'no_filtered_results'
      | 'no_results'
      | 'no_more_results'
      | 'page_out_of_boundaries'
      | 'page_out_from_end'
      | 'page_out_from_begin'
      | 'page_range_info'
      | 'partial_page_range_info'
      | 'current_page'
      | 'page'
      | 'first'
      | 'last'
      | 'next'
      | 'previous'
      | 'page_rows_per_page'
      | 'skip_nav'
    >;
    sort: Texts<'sort_by' | 'ASC' | 'DESC'>;
    auth: Texts<'auth_check_error' | 'user_menu' | 'username' | 'password' | 'email' | 'sign_in' | 'sign_in_error' | 'logout'>;
    notification: Texts<
      | 'updated'
      | 'created'
      | 'deleted'
      | 'bad_item'
      | 'item_doesnt_exist'
      | 'http_error'
      | 'data_provider_error'
      | 'i18n_error'
      | 'canceled'
      | 'logged_out'
      | 'not_authorized'
      | 'application_update_available'
      | 'offline'
    >;
    validation: Texts<'required' | 'minLength' | 'maxLength' | 'minValue' | 'maxValue' | 'number' | 'email' | 'oneOf' | 'regex' | 'unique'>;
    saved_queries: Texts<'label' | 'query_name' | 'new_label' | 'new_dialog_title' | 'remove_label' | 'remove_label_with_name' | 'remove_dialog_title' | 'remove_message' | 'help'>;
    guesser: { empty: Texts<'title' | 'message'> };
    configurable: {
      customize: string;
      configureMode: string;
      inspector: Texts<'title' | 'content' | 'reset' | 'hideAll' | 'showAll'>;
      Datagrid: Texts<'title' | 'unlabeled'>;
      SimpleForm: Texts<'title' | 'unlabeled'>;
      SimpleList: Texts<'title' | 'primaryText' | 'secondaryText' | 'tertiaryText'>;
    };
  };
}

export const raNl: RaMessages = {
  ra: {
    action: {
      add_filter: 'Filter toevoegen',
      add: 'Toevoegen',
      back: 'Terug',
      bulk_actions: '1 item geselecteerd |||| %{smart_count} items geselecteerd',
      cancel: 'Annuleren',
      clear_array_input: 'Lijst leegmaken',
      clear_input_value: 'Waarde wissen',
      clone: 'Dupliceren',
      confirm: 'Bevestigen',
      create: 'Aanmaken',
      create_item: '%{item} aanmaken',
      delete: 'Verwijderen',
      edit: 'Bewerken',
      export: 'Exporteren',
      list: 'Lijst',
      refresh: 'Vernieuwen',
      remove_filter: 'Filter verwijderen',
      remove_all_filters: 'Alle filters verwijderen',
      remove: 'Verwijderen',
      reset: 'Herstellen',
      save: 'Opslaan',
      search: 'Zoeken',
      search_columns: 'Kolommen zoeken',
      select_all: 'Alles selecteren',
      select_all_button: 'Alles selecteren',
      select_row: 'Deze rij selecteren',
      show: 'Bekijken',
      sort: 'Sorteren',
      undo: 'Ongedaan maken',
      unselect: 'Selectie opheffen',
      expand: 'Uitklappen',
      close: 'Sluiten',
      open_menu: 'Menu openen',
      close_menu: 'Menu sluiten',
      update: 'Bijwerken',
      move_up: 'Omhoog',
      move_down: 'Omlaag',
      open: 'Openen',
      toggle_theme: 'Lichte/donkere modus',
      select_columns: 'Kolommen',
      update_application: 'Applicatie opnieuw laden',
    },
    boolean: {
      true: 'Ja',
      false: 'Nee',
      null: '\u2003', // an em space, as in ra-language-english
    },
    page: {
      create: '%{name} aanmaken',
      dashboard: 'Dashboard',
      edit: '%{name} %{recordRepresentation}',
      error: 'Er is iets misgegaan',
      list: '%{name}',
      loading: 'Bezig met laden',
      not_found: 'Niet gevonden',
      show: '%{name} %{recordRepresentation}',
      empty: 'Nog geen %{name}.',
      invite: 'Wilt u er een toevoegen?',
      access_denied: 'Geen toegang',
      authentication_error: 'Aanmeldingsfout',
    },
    input: {
      file: {
        upload_several: 'Sleep bestanden hierheen om ze te uploaden, of klik om er een te kiezen.',
        upload_single: 'Sleep een bestand hierheen om het te uploaden, of klik om er een te kiezen.',
      },
      image: {
        upload_several: 'Sleep afbeeldingen hierheen om ze te uploaden, of klik om er een te kiezen.',
        upload_single: 'Sleep een afbeelding hierheen om die te uploaden, of klik om er een te kiezen.',
      },
      references: {
        all_missing: 'De gekoppelde gegevens zijn niet gevonden.',
        many_missing: 'Minstens één van de gekoppelde gegevens lijkt niet meer te bestaan.',
        single_missing: 'De gekoppelde gegevens lijken niet meer te bestaan.',
      },
      password: {
        toggle_visible: 'Wachtwoord verbergen',
        toggle_hidden: 'Wachtwoord tonen',
      },
    },
    message: {
      about: 'Over',
      access_denied: 'U hebt niet de nodige rechten om deze pagina te openen',
      are_you_sure: 'Weet u het zeker?',
      authentication_error: 'De aanmeldingsserver gaf een fout, waardoor uw gegevens niet gecontroleerd konden worden.',
      auth_error: 'Er is een fout opgetreden bij het controleren van uw aanmelding.',
      bulk_delete_content: 'Weet u zeker dat u deze %{name} wilt verwijderen? |||| Weet u zeker dat u deze %{smart_count} items wilt verwijderen?',
      bulk_delete_title: '%{name} verwijderen |||| %{smart_count} %{name} verwijderen',
      bulk_update_content: 'Weet u zeker dat u %{name} %{recordRepresentation} wilt bijwerken? |||| Weet u zeker dat u deze %{smart_count} items wilt bijwerken?',
      bulk_update_title: '%{name} %{recordRepresentation} bijwerken |||| %{smart_count} %{name} bijwerken',
      clear_array_input: 'Weet u zeker dat u de hele lijst wilt leegmaken?',
      delete_content: 'Weet u zeker dat u deze %{name} wilt verwijderen?',
      delete_title: '%{name} %{recordRepresentation} verwijderen',
      details: 'Details',
      error: 'Er is een fout opgetreden in de applicatie en uw verzoek kon niet worden uitgevoerd.',
      invalid_form: 'Het formulier is niet correct ingevuld. Controleer de fouten.',
      loading: 'Even geduld',
      no: 'Nee',
      not_found: 'De URL is verkeerd getypt of u hebt een foute link gevolgd.',
      select_all_limit_reached: 'Er zijn te veel elementen om alles te selecteren. Alleen de eerste %{max} elementen zijn geselecteerd.',
      unsaved_changes: 'Sommige wijzigingen zijn niet opgeslagen. Wilt u ze echt negeren?',
      yes: 'Ja',
      placeholder_data_warning: 'Netwerkprobleem: de gegevens konden niet worden vernieuwd.',
    },
    navigation: {
      clear_filters: 'Filters wissen',
      no_filtered_results: 'Geen %{name} gevonden met de huidige filters.',
      no_results: 'Geen %{name} gevonden',
      no_more_results: 'Pagina %{page} bestaat niet. Probeer de vorige pagina.',
      page_out_of_boundaries: 'Pagina %{page} bestaat niet',
      page_out_from_end: 'Dit is de laatste pagina',
      page_out_from_begin: 'Er is geen pagina vóór pagina 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} van %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} van meer dan %{offsetEnd}',
      current_page: 'Pagina %{page}',
      page: 'Naar pagina %{page}',
      first: 'Naar de eerste pagina',
      last: 'Naar de laatste pagina',
      next: 'Naar de volgende pagina',
      previous: 'Naar de vorige pagina',
      page_rows_per_page: 'Rijen per pagina:',
      skip_nav: 'Naar de inhoud',
    },
    sort: {
      sort_by: 'Sorteren op %{field_lower_first} %{order}',
      ASC: 'oplopend',
      DESC: 'aflopend',
    },
    auth: {
      auth_check_error: 'Meld u aan om verder te gaan',
      user_menu: 'Profiel',
      username: 'Gebruikersnaam',
      password: 'Wachtwoord',
      email: 'E-mail',
      sign_in: 'Aanmelden',
      sign_in_error: 'Aanmelden mislukt, probeer het opnieuw',
      logout: 'Afmelden',
    },
    notification: {
      updated: 'Element bijgewerkt |||| %{smart_count} elementen bijgewerkt',
      created: 'Element aangemaakt',
      deleted: 'Element verwijderd |||| %{smart_count} elementen verwijderd',
      bad_item: 'Ongeldig element',
      item_doesnt_exist: 'Dit element bestaat niet',
      http_error: 'Fout in de communicatie met de server',
      data_provider_error: 'Fout in de dataProvider. Zie de console voor details.',
      i18n_error: 'De vertalingen voor deze taal konden niet worden geladen',
      canceled: 'Actie geannuleerd',
      logged_out: 'Uw sessie is beëindigd. Meld u opnieuw aan.',
      not_authorized: 'U hebt geen toegang tot deze gegevens.',
      application_update_available: 'Er is een nieuwe versie beschikbaar.',
      offline: 'Geen verbinding. De gegevens konden niet worden opgehaald.',
    },
    validation: {
      required: 'Verplicht',
      minLength: 'Moet minstens %{min} tekens hebben',
      maxLength: 'Mag hoogstens %{max} tekens hebben',
      minValue: 'Moet minstens %{min} zijn',
      maxValue: 'Mag hoogstens %{max} zijn',
      number: 'Moet een getal zijn',
      email: 'Moet een geldig e-mailadres zijn',
      oneOf: 'Moet een van deze waarden zijn: %{options}',
      regex: 'Moet aan een bepaald formaat voldoen (regexp): %{pattern}',
      unique: 'Moet uniek zijn',
    },
    saved_queries: {
      label: 'Bewaarde zoekopdrachten',
      query_name: 'Naam van de zoekopdracht',
      new_label: 'Huidige zoekopdracht bewaren...',
      new_dialog_title: 'Huidige zoekopdracht bewaren als',
      remove_label: 'Bewaarde zoekopdracht verwijderen',
      remove_label_with_name: 'Zoekopdracht "%{name}" verwijderen',
      remove_dialog_title: 'Bewaarde zoekopdracht verwijderen?',
      remove_message: 'Weet u zeker dat u deze zoekopdracht uit uw bewaarde zoekopdrachten wilt verwijderen?',
      help: 'Filter de lijst en bewaar deze zoekopdracht voor later',
    },
    guesser: {
      empty: {
        title: 'Geen gegevens om te tonen',
        message: 'Controleer uw dataProvider',
      },
    },
    configurable: {
      customize: 'Aanpassen',
      configureMode: 'Deze pagina instellen',
      inspector: {
        title: 'Inspector',
        content: 'Beweeg de muis over de onderdelen van de applicatie om ze in te stellen',
        reset: 'Instellingen herstellen',
        hideAll: 'Alles verbergen',
        showAll: 'Alles tonen',
      },
      Datagrid: {
        title: 'Tabel',
        unlabeled: 'Kolom zonder naam #%{column}',
      },
      SimpleForm: {
        title: 'Formulier',
        unlabeled: 'Veld zonder naam #%{input}',
      },
      SimpleList: {
        title: 'Lijst',
        primaryText: 'Hoofdtekst',
        secondaryText: 'Tweede tekst',
        tertiaryText: 'Derde tekst',
      },
    },
  },
};
