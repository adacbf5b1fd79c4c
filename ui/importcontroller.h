#pragma once

#include "import/importer.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include <optional>

class QMessageBox;
class QWidget;

namespace sense7 {

class Store;

/**
 * Runs imports for the studio: one file after the other, each with a progress dialog whose
 * Cancel button stops it (the data set then stays as it was). Runs on the GUI thread, which
 * owns the store; the importer parses on its own worker thread meanwhile.
 */
class ImportController
{
    Q_DECLARE_TR_FUNCTIONS(sense7::ImportController)

public:
    struct Outcome
    {
        QString file;
        std::optional<import::Summary> summary; // set when the file was imported
        QString error; // set when it was not
        bool cancelled = false;
    };

    explicit ImportController(QWidget *parent);

    QVector<Outcome> run(Store &store, const QStringList &files,
                         const import::Options &options = {});

    /** Whether \a files need the user to say whose conversations they are. */
    static bool needsParticipant(Store &store, const QStringList &files);
    /**
     * Whether \a files may give values the data set already holds (ratings files, bundles,
     * ESConv): then the user chooses what a conflict does.
     */
    static bool mayConflict(const QStringList &files);
    /** The names of the ratings files among \a files that do not say who rated. */
    static QStringList withoutAnnotator(const QStringList &files);
    /** Rich text describing the outcomes, for the summary dialog. */
    static QString report(const QVector<Outcome> &outcomes);
    /** Every conflict of \a outcomes, in order. */
    static QVector<import::Conflict> conflicts(const QVector<Outcome> &outcomes);
    /**
     * The summary dialog (object name "importSummary", deleted on close). With conflicts it has
     * a "Save conflict report…" button that asks for a .csv or .json file.
     */
    static QMessageBox *summaryBox(const QVector<Outcome> &outcomes, QWidget *parent);

private:
    QWidget *m_parent;
};

} // namespace sense7
