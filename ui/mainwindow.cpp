#include "mainwindow.h"

#include "about.h"
#include "analysisdialog.h"
#include "annotationbar.h"
#include "annotationsession.h"
#include "browser/browserwindow.h"
#include "conversationlist.h"
#include "conversationtablemodel.h"
#include "dataexport.h"
#include "dataguard.h"
#include "error.h"
#include "findbar.h"
#include "importcontroller.h"
#include "importoptionsdialog.h"
#include "joinstudydialog.h"
#include "livestudy.h"
#include "newstudydialog.h"
#include "panecycler.h"
#include "pastedialog.h"
#include "predictdialog.h"
#include "preferencesdialog.h"
#include "ratingpanel.h"
#include "retestcontroller.h"
#include "scaleselector.h"
#include "sharedialog.h"
#include "shortcutsdialog.h"
#include "store.h"
#include "studyprogresswindow.h"
#include "studyserverdialog.h"
#include "studysync.h"
#include "trajectorychart.h"
#include "transcriptview.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScopedValueRollback>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTime>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>

namespace sense7 {

namespace {
const auto fileFilter =
    QT_TRANSLATE_NOOP("sense7::MainWindow", "Sense-7 data sets (*.sense7);;All files (*)");
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_conversations(new ConversationTableModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_turns(new TurnListModel(this))
    , m_undo(new QUndoGroup(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_list(new ConversationList(m_splitter))
    , m_workspace(new Workspace(m_turns, m_splitter))
    , m_annotationBar(new AnnotationBar(this))
    , m_retest(new RetestController(m_workspace, this))
    , m_guard(new DataSetGuard(this))
    , m_statusCounts(new QLabel(this))
    , m_statusTimer(new QTimer(this))
    , m_statusSaved(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_statusNotice(new QLabel(this))
    , m_sync(new StudySync(this))
{
    setWindowTitle(tr("Sense-7 Studio"));
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);

    m_sorted->setSourceModel(m_conversations);
    m_sorted->setSortRole(ConversationTableModel::SortRole);
    m_list->setModel(m_sorted);

    m_splitter->addWidget(m_list);
    m_splitter->addWidget(m_workspace);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    addToolBar(Qt::TopToolBarArea, m_annotationBar);

    m_statusCounts->setObjectName(QStringLiteral("statusCounts"));
    statusBar()->addWidget(m_statusCounts, 1);
    m_statusSaved->setObjectName(QStringLiteral("savedLabel"));
    m_statusSaved->setToolTip(tr("Every change is saved to the data set as you make it"));
    statusBar()->addPermanentWidget(m_statusSaved);
    m_progress->setObjectName(QStringLiteral("overallProgress"));
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(true);
    m_progress->setAccessibleName(tr("Share of all ratings given"));
    statusBar()->addPermanentWidget(m_progress);
    m_statusNotice->setObjectName(QStringLiteral("statusNotice"));
    statusBar()->addPermanentWidget(m_statusNotice);
    statusBar()->addPermanentWidget(m_sync->label());

    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::conversationSelected);
    // The counts are read from the data set (a fifth of a second at 500,000 conversations): once
    // for a list read again in many steps, or for the several resets of opening a data set.
    m_statusTimer->setSingleShot(true);
    m_statusTimer->setInterval(0);
    connect(m_statusTimer, &QTimer::timeout, this, &MainWindow::updateStatus);
    connect(m_conversations, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatusSoon);
    connect(m_conversations, &QAbstractItemModel::rowsInserted, this,
            &MainWindow::updateStatusSoon);
    connect(m_conversations, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateStatusSoon);
    // Another program (the CLI, a sync tool) may change the open data set: look once a second
    // while the studio is in front, and at once when it comes back to the front.
    connect(qApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState s) {
        if (m_store)
            m_store->watchForOutsideChanges(s == Qt::ApplicationActive ? 1000 : 0);
        if (m_store && s == Qt::ApplicationActive)
            m_store->checkForOutsideChanges();
    });
    connect(m_conversations, &ConversationTableModel::progressChanged, this,
            &MainWindow::updateProgress);
    connect(m_conversations, &ConversationTableModel::loadingStarted, this,
            &MainWindow::updateProgress);
    connect(m_conversations, &ConversationTableModel::loaded, this, [this] {
        updateProgress();
        const auto wanted = std::exchange(m_selectWhenLoaded, std::nullopt);
        if (!wanted)
            return;
        if (*wanted == 0) { // the first row, unless one was chosen meanwhile
            if (!m_list->currentIndex().isValid())
                selectConversationRow(0);
        } else if (m_conversations->rowOf(*wanted) >= 0) {
            // Shown already, perhaps at another reply by now: its row is selected, its turns
            // are not read again.
            const QScopedValueRollback<bool> keep(m_selectingShown, true);
            selectConversation(*wanted);
        } else if (m_conversations->isLoading()) {
            m_selectWhenLoaded = wanted; // shown already; its row may come with the next rows
        }
    });
    connect(m_annotationBar, &AnnotationBar::participantChanged, this, [this](qint64 id) {
        m_conversations->setParticipant(id);
        selectConversationRow(0);
    });
    connect(m_annotationBar, &AnnotationBar::annotatorChanged, this, &MainWindow::startSession);
    m_retest->setConversationSelector([this](qint64 id) { return selectConversation(id); });

    createActions();
    auto *panes = new PaneCycler(this);
    panes->addPane(m_list);
    panes->addPane(m_workspace->transcript());
    panes->addPane(m_workspace->panel(), [this]() -> QWidget * {
        RatingPanel *panel = m_workspace->panel();
        return panel->scale(panel->currentDimension());
    });
    panes->addPane(m_annotationBar);
    resize(1280, 800);
    restoreGeometry(m_settings.mainWindowGeometry.get());
    restoreState(m_settings.mainWindowState.get());
    if (!m_splitter->restoreState(m_settings.splitterState.get()))
        m_splitter->setSizes({520, 760});
    if (!m_workspace->splitter()->restoreState(m_settings.workspaceState.get()))
        m_workspace->splitter()->setSizes({400, 360});
    if (QSplitter *reading = m_workspace->readingSplitter();
        !reading->restoreState(m_settings.readingState.get())) {
        // By widget, not by position: the live chat pane sits between the two, hidden.
        QList<int> sizes(reading->count(), 0);
        sizes[reading->indexOf(m_workspace->transcript())] = 470;
        sizes[reading->indexOf(m_workspace->chart())] = 280;
        reading->setSizes(sizes);
    }
    updateStatus();
}

TranscriptView *MainWindow::transcriptView() const
{
    return m_workspace->transcript();
}

MainWindow::~MainWindow()
{
    // Views and models go before the store they point into.
    delete m_browser;
    m_live->closeChat();
    m_workspace->setSession(nullptr);
    m_turns->setStore(nullptr);
    m_conversations->setStore(nullptr);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New data set…"), this, &MainWindow::newDataSet);
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("Create an empty data set with the SENSE-7 instrument"));
    QAction *newStudy = file->addAction(tr("New s&tudy…"), this, [this] {
        NewStudyDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (const QString error = openDataSet(dialog.createdPath()); !error.isEmpty())
            showError(error);
    });
    newStudy->setObjectName(QStringLiteral("newStudyAction"));
    newStudy->setStatusTip(tr("Choose a study protocol, see what participants will see, and "
                              "create a data set under it"));
    QAction *openAction = file->addAction(tr("&Open…"), this, &MainWindow::openWithDialog);
    openAction->setShortcut(QKeySequence::Open);
    openAction->setStatusTip(tr("Open an existing Sense-7 data set"));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::populateRecentMenu);
    populateRecentMenu();
    QAction *join = file->addAction(tr("&Join study…"), this, &MainWindow::joinStudy);
    join->setObjectName(QStringLiteral("joinStudyAction"));
    join->setStatusTip(tr("Sync this data set with a study's server, after seeing what it "
                          "would receive"));
    QAction *server =
        file->addAction(tr("Open study &server…"), this, &MainWindow::openStudyServer);
    server->setObjectName(QStringLiteral("openStudyServerAction"));
    server->setStatusTip(tr("Pull a study from its PostgreSQL server into a local data set, "
                            "open it and watch the participants' progress"));
    file->addSeparator();
    m_importAction = file->addAction(tr("&Import…"), this, &MainWindow::importWithDialog);
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAction->setStatusTip(
        tr("Import chat exports (ChatGPT, Claude, Gemini, Grok, Open WebUI, LibreChat, JSON, "
           "CSV), transcripts, research data sets, ratings or Sense-7 bundles; you can also "
           "drop files on the window"));
    QAction *paste =
        file->addAction(tr("&Paste conversation…"), this, &MainWindow::pasteConversation);
    paste->setObjectName(QStringLiteral("pasteConversationAction"));
    paste->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    paste->setStatusTip(tr("Import a conversation copied from a chat page, with a preview of "
                           "how it splits into turns"));
    file->addSeparator();
    QAction *share = file->addAction(tr("&Share my data…"), this, &MainWindow::shareData);
    share->setObjectName(QStringLiteral("shareAction"));
    share->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    share->setStatusTip(tr("Write an anonymised bundle of your ratings for the research team"));
    QAction *exportAction = file->addAction(tr("&Export data…"), this, &MainWindow::exportData);
    exportAction->setObjectName(QStringLiteral("exportDataAction"));
    exportAction->setStatusTip(
        tr("Write the whole data set as tidy CSV, JSON Lines or a Sense-7 bundle"));
    QAction *figure = file->addAction(tr("Export trajectory &figure…"), this,
                                      [this] { m_workspace->chart()->exportFigure(); });
    figure->setObjectName(QStringLiteral("exportTrajectoryAction"));
    figure->setStatusTip(tr("Save this conversation's rating trajectory as PDF, SVG or PNG"));
    file->addSeparator();
    QAction *restore =
        file->addAction(tr("Restore &backup…"), m_guard, &DataSetGuard::restoreInteractively);
    restore->setObjectName(QStringLiteral("restoreBackupAction"));
    restore->setStatusTip(tr("Replace the data set with one of its verified backups"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find in conversation…"), this,
                                    [this] { m_workspace->findBar()->open(); });
    find->setShortcut(QKeySequence::Find);
    edit->addSeparator();
    QAction *preferences = edit->addAction(tr("&Preferences…"), this, [this] {
        PreferencesDialog dialog(this);
        dialog.exec();
    });
    preferences->setShortcuts({QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    preferences->setMenuRole(QAction::PreferencesRole);

    QMenu *annotate = menuBar()->addMenu(tr("&Annotate"));
    QAction *nextUnrated =
        annotate->addAction(tr("Next &unrated reply"), this, &MainWindow::goToNextUnrated);
    nextUnrated->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    nextUnrated->setStatusTip(tr("Go to the next reply that is not fully rated"));
    annotate->addAction(tr("&Next reply\tJ"), this, [this] { m_workspace->step(+1); });
    annotate->addAction(tr("&Previous reply\tK"), this, [this] { m_workspace->step(-1); });
    annotate->addAction(tr("Toggle continuity &flag\tB"), this,
                        [this] { m_workspace->panel()->toggleFlag(); });
    annotate->addSeparator();
    annotate->addAction(tr("Blind &re-rating…"), this, [this] { m_retest->configure(this); });
    annotate->addSeparator();
    auto *modes = new QActionGroup(this);
    QAction *participantMode = annotate->addAction(tr("&Participant mode"));
    participantMode->setCheckable(true);
    participantMode->setStatusTip(tr("One participant's own conversations and ratings"));
    m_researcherAction = annotate->addAction(tr("R&esearcher mode"));
    m_researcherAction->setCheckable(true);
    m_researcherAction->setStatusTip(
        tr("All participants; rate as the participant or as an observer"));
    modes->addAction(participantMode);
    modes->addAction(m_researcherAction);
    participantMode->setChecked(true);
    connect(m_researcherAction, &QAction::toggled, this, &MainWindow::setMode);

    m_live = new LiveStudy(this, menuBar()->addMenu(tr("&Study")));

    QMenu *analysis = menuBar()->addMenu(tr("Anal&ysis"));
    QAction *reliability =
        analysis->addAction(tr("&Reliability…"), this, [this] { showAnalysis(false); });
    reliability->setToolTip(
        tr("Test–retest, self against observers, and how individual the judgements are"));
    analysis->addAction(tr("Classifier &evaluation…"), this, [this] { showAnalysis(true); });
    analysis->addSeparator();
    analysis->addAction(tr("&Predict ratings…"), this, &MainWindow::predictRatings);
    analysis->addSeparator();
    QAction *browse = analysis->addAction(tr("&Browse data set…"), this, &MainWindow::showBrowser);
    browse->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    browse->setToolTip(tr("All conversations with filters, full-text search and aggregate "
                          "charts"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    keys->setShortcut(QKeySequence::HelpContents);
    QAction *about = help->addAction(tr("&About Sense-7 Studio"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QString MainWindow::openDataSet(const QString &path)
{
    std::unique_ptr<Store> store;
    try {
        store = m_guard->open(path); // checked for damage first
    } catch (const Error &e) {
        m_settings.removeRecentDataSet(path);
        return e.message();
    }
    if (store->isDamaged()) {
        // Nothing of it is shown: reading a damaged page can fail at any click. The guard's
        // banner says how to restore a backup or salvage the rest.
        closeDataSet();
        setWindowTitle(
            tr("%1 [damaged, read-only] — Sense-7 Studio").arg(QFileInfo(path).fileName()));
        m_guard->opened(store.get());
        return {};
    }
    releaseDataSet();
    m_store = std::move(store);
    // Whoever rates in this data set rates as its participant unless they choose otherwise.
    if (!m_store->isReadOnly())
        m_store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
    m_turns->setStore(m_store.get());
    m_statusSaved->clear();
    connect(m_store.get(), &Store::changedElsewhere, this, [this] {
        m_annotationBar->refresh();
        updateStatusSoon(); // once with the list's own changes, which follow
    });
    m_store->watchForOutsideChanges(1000);
    m_sync->setStore(m_store.get());
    // What a sync round brought is shown at once, also while the browser's search index holds
    // the checks for other programs' changes.
    connect(m_sync, &StudySync::finished, m_store.get(),
            [store = m_store.get()](const sync::Result &result) {
                if (result.pulled > 0)
                    store->reportChangedElsewhere();
            });

    // Participant mode for a participant's own data set, researcher mode for a study's.
    const QString mode = m_settings.annotationMode.get();
    const bool researcher =
        mode.isEmpty() ? m_store->participants().size() > 1 : mode == QLatin1String("researcher");
    {
        // Not a signal blocker: the action group must hear of the change, or both modes stay
        // checked and choosing the other one does nothing.
        m_applyingMode = true;
        (researcher ? m_researcherAction : m_researcherAction->actionGroup()->actions().first())
            ->setChecked(true);
        m_applyingMode = false;
    }
    m_annotationBar->setStore(m_store.get(),
                              researcher ? AnnotationBar::Mode::Researcher
                                         : AnnotationBar::Mode::Participant);
    m_conversations->setConditionsShown(researcher);
    // The list is read once, for the participant, rater and mode it shows: a large data set's
    // takes a second or more.
    m_conversations->setParticipant(m_annotationBar->participantId());
    m_conversations->setAnnotator(m_annotationBar->annotatorId());
    m_conversations->setStore(m_store.get());
    startSession();

    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_settings.lastDataSet.set(absolute);
    m_settings.addRecentDataSet(absolute);
    setWindowFilePath(absolute);
    setWindowTitle(tr("%1%2 — Sense-7 Studio")
                       .arg(QFileInfo(path).fileName(),
                            m_store->isReadOnly() ? tr(" [read-only]") : QString()));
    selectConversationRow(0);
    updateStatus();
    m_live->updateActions();
    m_guard->opened(m_store.get());
    return {};
}

void MainWindow::releaseDataSet()
{
    m_live->closeChat();
    m_retest->stop();
    delete m_browser; // it shows the data set being replaced
    m_workspace->setSession(nullptr);
    m_undo->setActiveStack(nullptr);
    delete m_session;
    m_session = nullptr;
    m_turns->setStore(nullptr);
    m_conversations->setStore(nullptr);
}

void MainWindow::closeDataSet()
{
    // Out of m_store first, so that nothing asks it again; destroyed once all let go of it.
    const std::unique_ptr<Store> closing = std::move(m_store);
    m_sync->setStore(nullptr);
    releaseDataSet();
    delete m_analysis;
    {
        const QSignalBlocker blocker(m_annotationBar);
        m_annotationBar->setStore(nullptr, m_annotationBar->mode());
    }
    setWindowTitle(tr("Sense-7 Studio"));
    updateStatus();
}

void MainWindow::setMode(bool researcher)
{
    if (m_applyingMode)
        return;
    m_settings.annotationMode.set(researcher ? QStringLiteral("researcher")
                                             : QStringLiteral("participant"));
    if (!m_store)
        return;
    m_annotationBar->setStore(m_store.get(),
                              researcher ? AnnotationBar::Mode::Researcher
                                         : AnnotationBar::Mode::Participant);
    m_conversations->setConditionsShown(researcher);
    m_conversations->setParticipant(m_annotationBar->participantId());
    if (m_browser)
        m_browser->setConditionsShown(researcher);
    startSession();
    selectConversationRow(0);
    m_live->updateActions();
}

void MainWindow::startSession()
{
    m_retest->stop();
    const qint64 conversation = m_turns->conversationId();
    m_workspace->setSession(nullptr);
    m_undo->setActiveStack(nullptr);
    delete m_session;
    m_session = nullptr;
    if (!m_store)
        return;
    const qint64 annotator = m_annotationBar->annotatorId();
    m_conversations->setAnnotator(annotator);
    m_session = new AnnotationSession(m_store.get(), annotator, this);
    m_session->restoreHistory();
    m_undo->addStack(m_session->undoStack());
    m_undo->setActiveStack(m_session->undoStack());
    connect(m_session, &AnnotationSession::saved, this, &MainWindow::saved);
    connect(m_session, &AnnotationSession::failed, this, [this](const QString &message) {
        m_statusSaved->setText(tr("Not saved"));
        // While an import writes, a box would hold the import up until it was closed: the
        // status bar says it instead.
        if (m_store && m_store->writesHeld()) {
            m_statusSaved->setToolTip(message);
            statusBar()->showMessage(message, 15000);
            return;
        }
        showError(message);
    });
    m_workspace->setSession(m_session);
    if (!selectConversation(conversation))
        selectConversationRow(0);
}

void MainWindow::saved(const QString &what)
{
    // Shown only after the commit: AnnotationSession emits saved() once the store returned.
    m_statusSaved->setText(
        tr("Saved %1").arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
    m_statusSaved->setToolTip(what);
    m_retest->checkMilestone(m_store.get(), m_conversations);
}

void MainWindow::updateProgress()
{
    // A large data set's list is read on a thread: until it is in, its share is not known.
    const bool reading = m_conversations->isLoading() && m_conversations->rowCount() == 0;
    m_list->setPlaceholderText(reading ? tr("Reading the conversations…") : QString());
    if (reading) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(0);
        m_progress->setFormat(tr("Reading…"));
        m_progress->setToolTip(tr("The conversations' rated shares are being read"));
        return;
    }
    const auto [rated, cells] = m_conversations->progress();
    m_progress->setRange(0, 1000);
    m_progress->setValue(cells > 0 ? int(rated * 1000 / cells) : 0);
    m_progress->setFormat(
        tr("%1% rated")
            .arg(cells > 0 ? QLocale().toString(100.0 * double(rated) / double(cells), 'f', 0)
                           : QStringLiteral("0")));
    m_progress->setToolTip(
        tr("%1 of %2 ratings given in the conversations listed").arg(rated).arg(cells));
}

void MainWindow::shareData()
{
    if (!m_store)
        return;
    auto *dialog = new ShareDialog(*m_store, m_annotationBar->participantId(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::joinStudy()
{
    if (!m_store)
        return;
    auto *dialog = new JoinStudyDialog(
        *m_store,
        [this](const sync::Study &study, sync::Sharing sharing, const QString &password) {
            m_sync->join(study, sharing, password);
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openStudyServer()
{
    auto *dialog = new StudyServerDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (const QString error = openDataSet(dialog->pulledPath()); !error.isEmpty()) {
            showError(error);
            return;
        }
        statusBar()->showMessage(dialog->summary().section(QLatin1Char('\n'), 0, 0), 10000);
        delete m_studyProgress;
        m_studyProgress = new StudyProgressWindow(dialog->login(), this);
        m_studyProgress->setAttribute(Qt::WA_DeleteOnClose);
        m_studyProgress->show();
    });
    dialog->open();
}

void MainWindow::exportData()
{
    if (m_store)
        exportDataInteractively(this, *m_store, {});
}

void MainWindow::showBrowser()
{
    if (!m_store)
        return;
    if (!m_browser) {
        m_browser = new BrowserWindow(this);
        m_browser->setWindowFlag(Qt::Window);
        m_browser->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_browser, &BrowserWindow::openConversation, this, &MainWindow::openFromBrowser);
        m_browser->setConditionsShown(m_annotationBar->mode() == AnnotationBar::Mode::Researcher);
        m_browser->setStore(m_store.get());
    } else {
        m_browser->refresh();
    }
    m_browser->show();
    m_browser->raise();
    m_browser->activateWindow();
}

void MainWindow::openFromBrowser(qint64 conversationId)
{
    // The conversation list may show one participant only: widen it when it hides this one.
    if (!selectConversation(conversationId)) {
        if (const auto conversation = m_store->conversation(conversationId))
            m_annotationBar->selectParticipant(conversation->participantId);
        selectConversation(conversationId);
    }
    raise();
    activateWindow();
}

QTableView *MainWindow::conversationView() const
{
    return m_list;
}

bool MainWindow::selectConversation(qint64 conversationId)
{
    if (conversationId != 0 && m_conversations->isLoading()
        && m_conversations->rowOf(conversationId) < 0) {
        // Not among the rows yet: shown at once, its row selected once the rows being read are
        // in. They list it unless it is another participant's (or no more).
        const auto conversation = m_store ? m_store->conversation(conversationId) : std::nullopt;
        const qint64 listed = m_conversations->participant();
        if (!conversation || (listed != 0 && conversation->participantId != listed))
            return false;
        m_list->selectionModel()->clear();
        m_turns->setConversation(conversationId);
        m_selectWhenLoaded = conversationId;
        return true;
    }
    const int row = m_conversations->rowOf(conversationId);
    if (conversationId == 0 || row < 0)
        return false;
    const QModelIndex index = m_sorted->mapFromSource(m_conversations->index(row, 0));
    selectConversationRow(index.row());
    return true;
}

bool MainWindow::goToNextUnrated()
{
    if (m_workspace->nextUnrated())
        return true;
    if (m_conversations->isLoading() && m_conversations->rowCount() == 0) {
        statusBar()->showMessage(tr("The conversations are still being read."), 4000);
        return false;
    }
    // Then the next conversations in the list's order, wrapping around once.
    const int start = m_list->currentIndex().row();
    const int rows = m_sorted->rowCount();
    for (int i = 1; i <= rows; ++i) {
        const int row = (start + i) % rows;
        const int source = m_sorted->mapToSource(m_sorted->index(row, 0)).row();
        if (m_conversations->summary(source).ratedShare < 1.0
            && m_conversations->summary(source).assistantTurns > 0) {
            selectConversationRow(row);
            return m_workspace->nextUnrated(true);
        }
    }
    statusBar()->showMessage(tr("Every reply listed is rated."), 4000);
    return false;
}

void MainWindow::showAnalysis(bool evaluation)
{
    if (!m_store)
        return;
    auto *dialog = qobject_cast<AnalysisDialog *>(m_analysis.data());
    if (!dialog) {
        dialog = new AnalysisDialog(m_store.get(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_analysis = dialog;
    }
    dialog->showPage(evaluation ? AnalysisDialog::Page::Evaluation
                                : AnalysisDialog::Page::Reliability);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void MainWindow::predictRatings()
{
    if (!m_store)
        return;
    if (m_store->isReadOnly()) {
        showError(
            tr("%1 is open read-only: predictions cannot be stored in it.").arg(m_store->path()));
        return;
    }
    if (m_conversations->isLoading() && m_conversations->rowCount() == 0) {
        statusBar()->showMessage(tr("The conversations are still being read."), 4000);
        return;
    }
    QVector<qint64> listed;
    for (int row = 0; row < m_conversations->rowCount(); ++row)
        listed << m_conversations->summary(row).id;
    auto *dialog = new PredictDialog(m_store.get(), m_turns->conversationId(), listed, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PredictDialog::runFinished, this, [this] {
        if (auto *open = qobject_cast<AnalysisDialog *>(m_analysis.data()))
            open->recompute();
    });
    dialog->show();
}

void MainWindow::showShortcuts()
{
    shortcuts::show(this);
}

void MainWindow::selectConversationRow(int row)
{
    if (row == 0 && m_conversations->isLoading() && m_conversations->rowCount() == 0)
        m_selectWhenLoaded = 0; // the first row, once there is one
    if (row < 0 || row >= m_sorted->rowCount()) {
        m_turns->setConversation(0);
        return;
    }
    m_list->setCurrentIndex(m_sorted->index(row, ConversationTableModel::Title));
    m_list->selectRow(row);
}

void MainWindow::conversationSelected()
{
    const QModelIndex current = m_list->currentIndex();
    if (current.isValid())
        m_selectWhenLoaded.reset(); // chosen: whatever was to be selected later is not
    const qint64 id =
        current.isValid() ? current.data(ConversationTableModel::IdRole).toLongLong() : 0;
    if (m_selectingShown && id == m_turns->conversationId())
        return;
    m_turns->setConversation(id);
}

void MainWindow::newDataSet()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(
        this, tr("New data set"), QDir(folder).filePath(tr("study.sense7")), tr(fileFilter));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".sense7");
    try {
        // The file dialog has already asked before replacing an existing file.
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw Error(tr("Cannot replace %1.").arg(path));
        Store::create(path);
    } catch (const Error &e) {
        showError(e.message());
        return;
    }
    if (const QString error = openDataSet(path); !error.isEmpty())
        showError(error);
}

void MainWindow::openWithDialog()
{
    const QString start = m_store ? QFileInfo(m_store->path()).absolutePath() : QString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open data set"), start, tr(fileFilter));
    if (!path.isEmpty())
        openFromMenu(path);
}

void MainWindow::openFromMenu(const QString &path)
{
    if (const QString error = openDataSet(path); !error.isEmpty())
        showError(error);
}

void MainWindow::importWithDialog()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DownloadLocation);
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import"), folder,
        tr("Exports and data sets (*.json *.zip *.jsonl *.csv *.tsv *.txt *.md);;All files (*)"));
    if (!files.isEmpty())
        importFiles(files);
}

void MainWindow::pasteConversation()
{
    if (!m_store || m_store->isReadOnly()) {
        importFiles({}); // says why nothing can be imported
        return;
    }
    PasteDialog dialog(this);
    // What is on the clipboard, when it reads as a conversation.
    const QString clipboard = QGuiApplication::clipboard()->text();
    if (!import::previewTranscript(clipboard).turns.isEmpty())
        dialog.setText(clipboard);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // The import reads files: the text goes through one, like any transcript.
    QTemporaryDir dir;
    const QString path = dir.filePath(
        QStringLiteral("pasted-%1.txt")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    QFile file(path);
    if (!dir.isValid() || !file.open(QIODevice::WriteOnly) || file.write(dialog.text().toUtf8()) < 0
        || !file.flush()) {
        showError(tr("The pasted conversation could not be saved for import: %1")
                      .arg(file.errorString()));
        return;
    }
    file.close();
    import::Options options;
    options.format = QStringLiteral("transcript");
    options.speakers = dialog.speakers();
    importFiles({path}, options);
}

void MainWindow::importFiles(const QStringList &files)
{
    importFiles(files, import::Options());
}

void MainWindow::importFiles(const QStringList &files, const import::Options &base)
{
    if (!m_store || m_store->isReadOnly()) {
        showError(
            m_store
                ? tr("%1 is open read-only: nothing can be imported into it.").arg(m_store->path())
                : tr("Open or create a data set first."));
        return;
    }
    import::Options options = base;
    QString &participant = options.participant;
    if (ImportController::needsParticipant(*m_store, files)) {
        QStringList codes;
        for (const Participant &p : m_store->participants())
            codes << p.code;
        bool ok = false;
        participant =
            QInputDialog::getItem(this, tr("Import"),
                                  tr("Whose conversations are these? Choose a participant "
                                     "or type a new code."),
                                  codes, 0, true, &ok)
                .trimmed();
        if (!ok || participant.isEmpty())
            return;
    }
    if (ImportController::mayConflict(files) && !askImportOptions(files, options))
        return;
    ImportController controller(this);
    const auto outcomes = controller.run(*m_store, files, options);
    ImportController::summaryBox(outcomes, this)->open();
    if (m_list->currentIndex().row() < 0)
        selectConversationRow(0);
    updateStatus();
    m_annotationBar->setStore(m_store.get(), m_annotationBar->mode());
}

bool MainWindow::askImportOptions(const QStringList &files, import::Options &options)
{
    // The rater's field starts with the workspace's observer; never with "self".
    QString suggested;
    const QVector<Annotator> annotators = m_store->annotators();
    for (const Annotator &a : annotators) {
        if (a.id == m_annotationBar->annotatorId() && a.kind != AnnotatorKind::Self)
            suggested = a.code;
    }
    ImportOptionsDialog dialog(ImportController::withoutAnnotator(files), annotators, suggested,
                               this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    dialog.apply(options);
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && m_store && !m_store->isReadOnly()) {
        for (const QUrl &url : event->mimeData()->urls()) {
            if (!url.isLocalFile())
                return;
        }
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList files;
    for (const QUrl &url : event->mimeData()->urls())
        files << url.toLocalFile();
    event->acceptProposedAction();
    // Leave the drop handler first: the import shows dialogs of its own.
    QMetaObject::invokeMethod(
        this, [this, files] { importFiles(files); }, Qt::QueuedConnection);
}

void MainWindow::populateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentDataSets();
    for (const QString &path : recent) {
        QAction *action = m_recentMenu->addAction(QFileInfo(path).fileName(), this,
                                                  [this, path] { openFromMenu(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Sense-7 Studio"), about::text());
}

void MainWindow::showError(const QString &message)
{
    QMessageBox::warning(this, tr("Sense-7 Studio"), message);
}

void MainWindow::updateStatusSoon()
{
    m_statusTimer->start();
}

void MainWindow::updateStatus()
{
    m_statusTimer->stop(); // this update answers any that was asked for
    updateProgress();
    if (!m_store) {
        m_statusCounts->setText(tr("No data set open"));
        m_statusNotice->clear();
        return;
    }
    // Read whenever rows come and go: the overview, not every count of info().
    const DataSetOverview overview = m_store->overview();
    m_statusCounts->setText(tr("Participants: %1 · Conversations: %2 · Assistant turns: %3")
                                .arg(overview.participants)
                                .arg(overview.conversations)
                                .arg(overview.assistantTurns));
    QStringList notices;
    if (overview.demo)
        notices << tr("Illustrative demo data, not study data");
    if (overview.readOnly)
        notices << tr("Read-only");
    m_statusNotice->setText(notices.join(QStringLiteral(" · ")));
    m_importAction->setEnabled(!overview.readOnly);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings.mainWindowGeometry.set(saveGeometry());
    m_settings.mainWindowState.set(saveState());
    m_settings.splitterState.set(m_splitter->saveState());
    m_settings.workspaceState.set(m_workspace->splitter()->saveState());
    m_settings.readingState.set(m_workspace->readingSplitter()->saveState());
    m_workspace->panel()->flushEdits();
    m_live->closeChat(); // the draft is saved, the sitting ends
    m_guard->closing();
    event->accept();
}

} // namespace sense7
